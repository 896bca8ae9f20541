import type { AdminSection } from '../layout/admin-section.ts';

/** Privacy: the register of personal data breaches (owner only; issue 61 item 6). */
export const privacySection: AdminSection = {
  nav: { to: '/privacy', label: 'Privacy', ownerOnly: true },
  routes: [{ path: 'privacy', lazy: () => import('./privacy-page.tsx') }],
};
