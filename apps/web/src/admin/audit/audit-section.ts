import type { AdminSection } from '../layout/admin-section.ts';

/** Audit log: its nav entry and routes (add sub-pages here, e.g. a detail page). */
export const auditSection: AdminSection = {
  nav: { to: '/audit', label: 'Audit log', ownerOnly: true },
  routes: [{ path: 'audit', lazy: () => import('./audit-page.tsx') }],
};
