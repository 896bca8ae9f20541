import type { StaffListResponse } from '@shop/contracts';
import { adminJson } from '../lib/admin-api.ts';

export type StaffRoleName = 'staff' | 'owner';

export const staffList = () => adminJson<StaffListResponse>('GET', '/admin/staff');
export const inviteStaff = (email: string, role: StaffRoleName) =>
  adminJson<{ message: string }>('POST', '/admin/staff/invite', { email, role });
export const changeRole = (userId: string, role: StaffRoleName) =>
  adminJson<{ message: string }>('PATCH', `/admin/staff/${userId}`, { role });
export const removeStaff = (userId: string) =>
  adminJson<{ message: string }>('DELETE', `/admin/staff/${userId}`);
