/**
 * npm run admin:create -- --store ID --email E [--name N]: creates the store (id and name) when
 * it does not exist yet and its first owner, for a real shop started with SEED_DEMO=false.
 * The password is ADMIN_PASSWORD when set, else generated and printed once. Reads the same
 * settings as the server (DATABASE_URL or DATA_DIR).
 *
 * npm run admin:create -- --store ID --second-factor off: turns the emailed sign-in code for
 * staff off (an owner whose codes no longer arrive signs in with the password again); audited.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@shop/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { createStoreOwner } from './modules/accounts/owner-bootstrap.ts';
import { turnSecondFactorOff } from './second-factor-off.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    'second-factor': { type: 'string' },
  },
});
const USAGE =
  'Usage: npm run admin:create -- --store ID --email E [--name "Shop name"]\n' +
  '       npm run admin:create -- --store ID --second-factor off';
const password = process.env.ADMIN_PASSWORD || undefined;
const secondFactorOff = values['second-factor'] !== undefined;
if (!values.store || (secondFactorOff ? values['second-factor'] !== 'off' : !values.email)) {
  console.error(USAGE);
  process.exit(2);
}
if (password !== undefined && password.length < 12) {
  console.error('ADMIN_PASSWORD must be at least 12 characters.');
  process.exit(2);
}
// ADMIN_EMAIL/ADMIN_PASSWORD are this command's input here, not the server's bootstrap.
const config = loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
try {
  await database.migrate();
  const { app, services } = await buildApp({ database, config });
  try {
    if (secondFactorOff) {
      const outcome = await turnSecondFactorOff(services.storeSettings, values.store);
      console.log(
        outcome === 'turned-off'
          ? `Staff of ${values.store} now sign in with their password alone. Turn the emailed code on again in Admin → Settings once email works.`
          : `The emailed sign-in code was already off for ${values.store}; nothing changed.`,
      );
    } else {
      const result = await createStoreOwner(services.accounts, {
        storeId: values.store,
        storeName: values.name ?? values.store,
        email: values.email ?? '',
        password,
      });
      if (result.storeCreated) console.log(`Created the store ${values.store}.`);
      if (result.outcome === 'exists') {
        console.error(`The store ${values.store} already has an owner; nothing changed.`);
        process.exitCode = 1;
      } else {
        console.log(`${values.email} is the owner of ${values.store}. Sign in at /admin.`);
        if (result.generated) console.log(`Password (shown once): ${result.generated}`);
      }
    }
  } finally {
    await app.close();
  }
} catch (err) {
  console.error(`admin:create failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
