import type { AdminSection } from '../../layout/admin-section.ts';

/**
 * Categories, shown in the menu under Products (a product is in one, and the product form
 * creates them too). The old address under Content goes to the same page.
 */
export const categoriesSection: AdminSection = {
  nav: { to: '/products/categories', label: 'Categories', ownerOnly: false, under: '/products' },
  routes: [
    { path: 'products/categories', lazy: () => import('./categories-page.tsx') },
    { path: 'content/categories', lazy: () => import('./old-categories-link.tsx') },
  ],
};
