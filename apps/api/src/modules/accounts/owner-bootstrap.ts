import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AccountsService } from './accounts-service.ts';

/** A password nobody chose: 24 URL-safe characters (144 bits). */
export const generatedPassword = () => randomBytes(18).toString('base64url');

/** The address of a demo store's generated owner. */
export const demoOwnerEmail = (storeId: string) => `owner@${storeId}.example.com`;

/** Where the generated owner login of a store is written (mode 0600). */
export const ownerLoginFile = (secretsDir: string, storeId: string) =>
  path.join(secretsDir, `admin-${storeId}.txt`);

/**
 * First start without ADMIN_EMAIL: each demo store without an owner gets one with a generated
 * password, written to DATA_DIR/secrets/admin-<store>.txt (readable by the server's user only).
 * Returns the files written (the caller logs their paths, never the password). The login is
 * written (beside the file) before the owner is made, so a crash never leaves an owner whose
 * password nobody has; it takes the file's place only when the owner was made.
 */
export async function writeDemoOwnerLogins(
  accounts: AccountsService,
  storeIds: readonly string[],
  secretsDir: string,
  adminUrl: string,
): Promise<{ storeId: string; file: string }[]> {
  const written: { storeId: string; file: string }[] = [];
  for (const storeId of storeIds) {
    const email = demoOwnerEmail(storeId);
    const password = generatedPassword();
    const file = ownerLoginFile(secretsDir, storeId);
    const draft = `${file}.new`;
    mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
    writeFileSync(
      draft,
      `Owner sign-in of the store ${storeId}\nAdmin: ${adminUrl}\nEmail: ${email}\nPassword: ${password}\n` +
        'Change it after the first sign-in, or invite yourself and remove this owner.\n',
      { mode: 0o600 },
    );
    const outcome = await accounts
      .ensureOwner(storeId, email, password, 'Demo shop owner')
      .catch((err: unknown) => {
        unlinkSync(draft);
        throw err;
      });
    if (outcome === 'exists') {
      unlinkSync(draft);
    } else {
      renameSync(draft, file);
      written.push({ storeId, file });
    }
  }
  return written;
}

/**
 * `npm run admin:create`: the store (created with `storeName` when missing) and its first
 * owner. Without a password, one is generated and returned to be shown once.
 */
export async function createStoreOwner(
  accounts: AccountsService,
  input: { storeId: string; storeName: string; email: string; password?: string | undefined },
): Promise<{
  storeCreated: boolean;
  outcome: 'created' | 'promoted' | 'exists';
  generated: string | null;
}> {
  const storeCreated = await accounts.ensureStore(input.storeId, input.storeName);
  const generated = input.password ? null : generatedPassword();
  const outcome = await accounts.ensureOwner(
    input.storeId,
    input.email,
    input.password ?? generated!,
  );
  return { storeCreated, outcome, generated: outcome === 'exists' ? null : generated };
}
