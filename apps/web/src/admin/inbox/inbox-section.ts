import type { AdminSection } from '../layout/admin-section.ts';

/** Inbox: its nav entry and routes (add sub-pages here, e.g. a detail page). */
export const inboxSection: AdminSection = {
  nav: { to: '/inbox', label: 'Inbox', ownerOnly: false },
  routes: [{ path: 'inbox', lazy: () => import('./inbox-page.tsx') }],
};
