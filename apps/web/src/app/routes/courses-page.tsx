import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

export function Component() {
  useDocumentMeta('Skating courses | Urban Roll');
  return <ProductListing heading="Our Courses" filter={{ courses: 'only' }} />;
}
