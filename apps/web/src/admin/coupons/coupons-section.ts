import type { AdminSection } from '../layout/admin-section.ts';

/** Coupons (owner only): the list with uses so far and the form. */
export const couponsSection: AdminSection = {
  nav: { to: '/coupons', label: 'Coupons', ownerOnly: true },
  routes: [{ path: 'coupons', lazy: () => import('./coupons-page.tsx') }],
};
