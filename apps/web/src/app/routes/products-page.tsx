import { useSearchParams } from 'react-router';
import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /products and /product?search=: general listing (courses excluded), optionally searched. */
export function Component() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() || undefined;
  useDocumentMeta(search ? `Search: ${search} | Urban Roll` : 'All products | Urban Roll');
  return (
    <ProductListing
      key={search ?? ''}
      heading="Discover Our Products"
      showCount
      filter={{ courses: search ? 'include' : 'exclude', ...(search ? { search } : {}) }}
    />
  );
}
