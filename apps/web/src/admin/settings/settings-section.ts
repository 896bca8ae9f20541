import type { AdminSection } from '../layout/admin-section.ts';

/** Settings: the owner's alone (this session the sign-in security; the profile comes next). */
export const settingsSection: AdminSection = {
  nav: { to: '/settings', label: 'Settings', ownerOnly: true },
  routes: [{ path: 'settings', lazy: () => import('./settings-page.tsx') }],
};
