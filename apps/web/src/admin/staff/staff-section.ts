import type { AdminSection } from '../layout/admin-section.ts';

/** Staff: its nav entry and routes (add sub-pages here, e.g. a detail page). */
export const staffSection: AdminSection = {
  nav: { to: '/staff', label: 'Staff', ownerOnly: true },
  routes: [{ path: 'staff', lazy: () => import('./staff-page.tsx') }],
};
