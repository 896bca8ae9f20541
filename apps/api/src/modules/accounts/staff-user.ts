import type { StaffUser } from '@shop/contracts';
import { parseRole } from '@shop/domain';
import type { SignedIn } from './accounts-service.ts';

/** A signed-in staff member or owner as the admin calls answer them. */
export function toStaffUser(u: SignedIn['user']): StaffUser {
  return {
    user_id: u.id,
    email: u.email,
    full_name: u.fullName,
    main_id: u.storeId,
    role: parseRole(u.role),
  };
}
