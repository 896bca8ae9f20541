import type { AdminSection } from '../layout/admin-section.ts';

/** Orders: its nav entry and routes (add sub-pages here, e.g. a detail page). */
export const ordersSection: AdminSection = {
  nav: { to: '/orders', label: 'Orders', ownerOnly: false },
  routes: [{ path: 'orders', lazy: () => import('./orders-page.tsx') }],
};
