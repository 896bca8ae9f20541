import { KindPage } from '../../content/content-list-page.tsx';
import { kindSpec } from '../../content/content-kinds.ts';

/** /admin/products/categories: the store's categories, under Products where an owner looks. */
export function Component() {
  return (
    <KindPage
      spec={kindSpec('categories')!}
      backTo={{ to: '/products', text: 'Back to products' }}
    />
  );
}
