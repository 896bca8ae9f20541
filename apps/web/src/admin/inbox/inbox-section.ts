import type { AdminSection } from '../layout/admin-section.ts';

/** Inbox: the list and one item's page. */
export const inboxSection: AdminSection = {
  nav: { to: '/inbox', label: 'Inbox', ownerOnly: false },
  routes: [
    { path: 'inbox', lazy: () => import('./inbox-page.tsx') },
    { path: 'inbox/:kind/:id', lazy: () => import('./inbox-item-page.tsx') },
  ],
};
