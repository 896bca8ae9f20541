import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  usePageTitle('Skating courses');
  return <ProductListing heading="Our Courses" filter={{ courses: 'only' }} />;
}
