import { Outlet } from 'react-router';
import { useStaffUser } from '../lib/use-staff-user.ts';
import { AdminPage } from './admin-page.tsx';

/** Owner-only pages: staff who open one by its address are told, and nothing is asked of the API. */
export function RequireOwner() {
  const user = useStaffUser();
  if (user?.role !== 'owner') {
    return (
      <AdminPage title="Owner only">
        <p className="text-slate-700">Only the shop&apos;s owner can open this page.</p>
      </AdminPage>
    );
  }
  return <Outlet />;
}
