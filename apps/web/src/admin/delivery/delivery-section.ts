import type { AdminSection } from '../layout/admin-section.ts';

/** Delivery (owner only): price bands, free-delivery bands and pincodes. */
export const deliverySection: AdminSection = {
  nav: { to: '/delivery', label: 'Delivery', ownerOnly: true },
  routes: [{ path: 'delivery', lazy: () => import('./delivery-page.tsx') }],
};
