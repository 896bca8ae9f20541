import { useSyncExternalStore } from 'react';
import type { StaffUser } from '@shop/contracts';
import { getStaffUser, subscribeAdminSession } from './admin-session.ts';

/** The signed-in staff member (re-renders on sign-in and sign-out, in any tab), or null. */
export function useStaffUser(): StaffUser | null {
  return useSyncExternalStore(subscribeAdminSession, getStaffUser, () => null);
}
