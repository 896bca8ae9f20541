import { eq } from 'drizzle-orm';
import type { AdminSession, TokenPair } from '@shop/contracts';
import { users } from '@shop/db';
import type { Role } from '@shop/domain';
import type { capturingEmail } from './accounts.ts';
import { client, MAIN, PASSWORD, registerUser, uniqueEmail } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/**
 * A session started at the admin sign-in (the only kind with staff or owner power, decision
 * 0032), for a store without the staff second factor.
 */
export async function adminSession(
  t: TestApp,
  email: string,
  store = MAIN,
  password = PASSWORD,
): Promise<AdminSession> {
  const res = await client(t).post<AdminSession>('/api/admin/login', {
    main_id: store,
    email,
    password,
  });
  if (res.status !== 200 || !('accessToken' in res.body)) {
    throw new Error(`admin login: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/**
 * A real account of `store` with `role` (registered as a customer, then given the role in the
 * database) and an access token that carries it: a customer's from a refresh of the storefront
 * session, staff and owners' from the admin sign-in.
 */
export async function storeMember(
  t: TestApp,
  mail: ReturnType<typeof capturingEmail>,
  role: 'customer' | 'staff' | 'owner',
  store = MAIN,
) {
  const u = await registerUser(t, mail);
  await t.database.db.update(users).set({ role, storeId: store }).where(eq(users.id, u.userId));
  if (role !== 'customer') {
    const session = await adminSession(t, u.email, store);
    return { userId: u.userId, email: u.email, token: session.accessToken };
  }
  const res = await client(t).post<TokenPair>('/api/auth/refresh', {
    refreshToken: u.refreshToken,
  });
  if (res.status !== 200) throw new Error(`refresh: ${JSON.stringify(res.body)}`);
  return { userId: u.userId, email: u.email, token: res.body.accessToken };
}

/**
 * A real user of `storeId` with `role` (a row in users) and an access token the server signed
 * for it, as the sign-in would (staff and owners: the admin sign-in); for tests of who may call
 * a route.
 */
export async function memberToken(t: TestApp, role: Role, storeId = 'urbanroll') {
  const [user] = await t.database.db
    .insert(users)
    .values({ storeId, email: uniqueEmail(role), fullName: `Test ${role}`, role })
    .returning({ id: users.id });
  const scope = role === 'customer' ? 'storefront' : 'admin';
  const token = await t.services.tokens.sign({ userId: user!.id, storeId, role, scope });
  return { userId: user!.id, storeId, role, token };
}

/**
 * The tokens a "who may call this" test needs: the main store's owner, a staff member and a
 * shopper, and the owner of another store (threadline).
 */
export async function roleTokens(t: TestApp) {
  return {
    owner: (await memberToken(t, 'owner')).token,
    staff: (await memberToken(t, 'staff')).token,
    customer: (await memberToken(t, 'customer')).token,
    otherOwner: (await memberToken(t, 'owner', 'threadline')).token,
  };
}
