import type { AdminSection } from '../layout/admin-section.ts';

/**
 * Products: the list, the editor, the photos of one product and the CSV import. Staff and the
 * owner both use it (decision 0020).
 */
export const productsSection: AdminSection = {
  nav: { to: '/products', label: 'Products', ownerOnly: false },
  routes: [
    { path: 'products', lazy: () => import('./products-page.tsx') },
    { path: 'products/new', lazy: () => import('./product-editor-page.tsx') },
    { path: 'products/import', lazy: () => import('./import/import-page.tsx') },
    { path: 'products/:productId', lazy: () => import('./product-editor-page.tsx') },
    { path: 'products/:productId/photos', lazy: () => import('./photos/photos-page.tsx') },
  ],
};
