import { eq } from 'drizzle-orm';
import type { TokenPair } from '@shop/contracts';
import { users } from '@shop/db';
import type { Role } from '@shop/domain';
import type { capturingEmail } from './accounts.ts';
import { client, MAIN, registerUser, uniqueEmail } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/**
 * A real account of `store` with `role` (registered as a customer, then given the role in the
 * database) and an access token that carries it (from a refresh, which reads the role).
 */
export async function storeMember(
  t: TestApp,
  mail: ReturnType<typeof capturingEmail>,
  role: 'customer' | 'staff' | 'owner',
  store = MAIN,
) {
  const u = await registerUser(t, mail);
  await t.database.db.update(users).set({ role, storeId: store }).where(eq(users.id, u.userId));
  const res = await client(t).post<TokenPair>('/api/auth/refresh', {
    refreshToken: u.refreshToken,
  });
  if (res.status !== 200) throw new Error(`refresh: ${JSON.stringify(res.body)}`);
  return { userId: u.userId, email: u.email, token: res.body.accessToken };
}

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
