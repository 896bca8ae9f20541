import type { AdminSection } from '../layout/admin-section.ts';

/** Dashboard: its nav entry and routes. */
export const dashboardSection: AdminSection = {
  nav: { to: '/', label: 'Dashboard', ownerOnly: false },
  routes: [{ index: true, lazy: () => import('./dashboard-page.tsx') }],
};
