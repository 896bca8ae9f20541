import { users } from '@shop/db';
import type { Role } from '@shop/domain';
import { uniqueEmail } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/**
 * A real user of `storeId` with `role` (a row in users) and an access token the server signed
 * for it, as the sign-in would; for tests of who may call a route.
 */
export async function memberToken(t: TestApp, role: Role, storeId = 'urbanroll') {
  const [user] = await t.database.db
    .insert(users)
    .values({ storeId, email: uniqueEmail(role), fullName: `Test ${role}`, role })
    .returning({ id: users.id });
  const token = await t.services.tokens.sign({ userId: user!.id, storeId, role });
  return { userId: user!.id, storeId, role, token };
}
