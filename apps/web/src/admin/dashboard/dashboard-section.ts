import type { AdminSection } from '../layout/admin-section.ts';

/** Dashboard: its nav entry and routes (add sub-pages here, e.g. a detail page). */
export const dashboardSection: AdminSection = {
  nav: { to: '/', label: 'Dashboard', ownerOnly: false },
  routes: [{ index: true, lazy: () => import('./dashboard-page.tsx') }],
};
