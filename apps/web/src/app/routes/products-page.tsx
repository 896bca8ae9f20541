import { useSearchParams } from 'react-router';
import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

/** /products and /product?search=: general listing (courses excluded), optionally searched. */
export function Component() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() || undefined;
  usePageTitle(search ? `Search: ${search}` : 'All products');
  return (
    <ProductListing
      key={search ?? ''}
      heading="Discover Our Products"
      showCount
      filters={{ category: true }}
      filter={{ courses: search ? 'include' : 'exclude', ...(search ? { search } : {}) }}
    />
  );
}
