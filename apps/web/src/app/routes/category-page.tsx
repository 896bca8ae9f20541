import { useParams } from 'react-router';
import { normalizeCategory } from '@shop/domain';
import { useCategories } from '../../features/catalogue/api/catalogue-queries.ts';
import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  const { category = '' } = useParams();
  const { data: categories } = useCategories();
  const name =
    categories?.find((c) => normalizeCategory(c.category) === normalizeCategory(category))?.name ??
    category;
  usePageTitle(`${name}`);
  return (
    <ProductListing
      key={category}
      heading={name}
      showCount
      filters={{ category: false }}
      filter={{ category, courses: 'include' }}
    />
  );
}
