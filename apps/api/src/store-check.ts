import type { Config } from './config/config.ts';
import { storeChoice } from './plugins/store-of-request.ts';

/**
 * Why the server must not start with this configuration, or null: a store it would serve
 * (STORE_ID, or one of STORE_HOSTS) that is not in the database once start-up has done its own
 * work (the demo seeded, ADMIN_EMAIL's store made). Its pages would answer "Unknown store" to
 * every visitor, so the start is refused naming the fix (decision 0051).
 */
export async function missingStoresProblem(
  config: Pick<Config, 'STORE_ID' | 'STORE_HOSTS' | 'PUBLIC_URL' | 'SEED_DEMO' | 'ADMIN_EMAIL'>,
  storeExists: (storeId: string) => Promise<boolean>,
): Promise<string | null> {
  const missing: string[] = [];
  for (const storeId of storeChoice(config).storeIds) {
    if (!(await storeExists(storeId))) missing.push(storeId);
  }
  if (missing.length === 0) return null;
  const named = missing.map((id) =>
    id === config.STORE_ID ? `${id} (STORE_ID)` : `${id} (in STORE_HOSTS)`,
  );
  const create = missing.map(
    (id) => `npm run admin:create -- --store ${id} --email <owner's email> --name "<shop name>"`,
  );
  const fixes = [
    `create ${missing.length > 1 ? 'each' : 'it'} with its first owner: ${create.join('; ')}`,
    config.ADMIN_EMAIL === undefined && missing.includes(config.STORE_ID)
      ? 'or set ADMIN_EMAIL and ADMIN_PASSWORD, and the start makes the STORE_ID store and its owner'
      : '',
    config.SEED_DEMO
      ? 'or leave STORE_ID and STORE_HOSTS unset to serve the demo stores'
      : 'or correct STORE_ID and STORE_HOSTS to name stores that exist',
  ].filter(Boolean);
  return `Refusing to start: the database has no store ${named.join(', ')}, so its pages would answer "Unknown store". To fix it, ${fixes.join(', ')}.`;
}
