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
