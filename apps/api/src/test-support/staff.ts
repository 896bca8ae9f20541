import { eq } from 'drizzle-orm';
import type { TokenPair } from '@shop/contracts';
import { users } from '@shop/db';
import type { capturingEmail } from './accounts.ts';
import { client, MAIN, registerUser } from './accounts.ts';
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
