/**
 * Roles a user has in its store, weakest first: every account is a customer; staff run the
 * store's daily work; the owner may do everything staff may, and more.
 */
export const ROLES = ['customer', 'staff', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** A stored or token role; anything unknown (a legacy or forged value) counts as a customer. */
export function parseRole(value: unknown): Role {
  return (ROLES as readonly unknown[]).includes(value) ? (value as Role) : 'customer';
}

/** Whether a user with role `has` may do what needs role `needs` (owner ⊇ staff ⊇ customer). */
export function roleSatisfies(has: Role, needs: Role): boolean {
  return ROLES.indexOf(has) >= ROLES.indexOf(needs);
}

/**
 * Where a session was started: at one of the storefront's sign-ins (password, email code,
 * Google) or at the admin sign-in (`POST /api/admin/login`, with its second factor when the
 * store asks for one). Carried in the access token and in the refresh-token family.
 */
export const SESSION_SCOPES = ['storefront', 'admin'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];

/** A stored or token scope; anything but exactly 'admin' is a storefront session. */
export function parseSessionScope(value: unknown): SessionScope {
  return value === 'admin' ? 'admin' : 'storefront';
}

/**
 * The role a session acts with: the account's own in an admin session, a customer's in any
 * other, so staff and owners signed in at the storefront shop there as customers and only the
 * admin sign-in gives staff or owner power (decision 0032).
 */
export function sessionRole(role: Role, scope: SessionScope): Role {
  return scope === 'admin' ? role : 'customer';
}
