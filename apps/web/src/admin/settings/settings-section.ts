import type { AdminSection } from '../layout/admin-section.ts';

/** Settings: the owner's alone (profile, buttons, payment keys, sign-in security). */
export const settingsSection: AdminSection = {
  nav: { to: '/settings', label: 'Settings', ownerOnly: true },
  routes: [{ path: 'settings', lazy: () => import('./settings-page.tsx') }],
};
