import type { AdminSection } from '../layout/admin-section.ts';

/** Content: categories, new arrivals, sliders, offers, marquees, page meta, content pages. */
export const contentSection: AdminSection = {
  nav: { to: '/content', label: 'Content', ownerOnly: false },
  routes: [
    { path: 'content', lazy: () => import('./content-home-page.tsx') },
    { path: 'content/pages', lazy: () => import('./pages-page.tsx') },
    { path: 'content/pages/new', lazy: () => import('./page-editor-page.tsx') },
    { path: 'content/pages/:slug', lazy: () => import('./page-editor-page.tsx') },
    { path: 'content/page-meta', lazy: () => import('./page-meta-page.tsx') },
    { path: 'content/:kind', lazy: () => import('./content-list-page.tsx') },
  ],
};
