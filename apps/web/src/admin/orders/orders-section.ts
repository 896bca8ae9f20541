import type { AdminSection } from '../layout/admin-section.ts';

/** Orders: the desk's list and one order's page. */
export const ordersSection: AdminSection = {
  nav: { to: '/orders', label: 'Orders', ownerOnly: false },
  routes: [
    { path: 'orders', lazy: () => import('./orders-page.tsx') },
    { path: 'orders/:orderId', lazy: () => import('./order-page.tsx') },
  ],
};
