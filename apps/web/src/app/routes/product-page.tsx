import { useParams } from 'react-router';
import { isCourse, productIdOfKey } from '@shop/domain';
import { useProduct } from '../../features/catalogue/api/catalogue-queries.ts';
import { ProductDetails } from '../../features/catalogue/product/product-details.tsx';
import { CourseDetailsSection } from '../../features/admissions/components/course-details.tsx';
import { useCartMode } from '../../lib/store-queries.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { NotFound } from './not-found-page.tsx';

/** /p/{slug}/{key}: the key names the product (the slug is for people); malformed or unknown: not found. */
export function Component() {
  const params = useParams();
  const id = productIdOfKey(params.key ?? '');
  const { data: product, isError, isPending } = useProduct(id);
  const mode = useCartMode();
  usePageTitle(product?.title, product?.short_description);

  if (id === null || isError) return <NotFound what="product" />;
  if (isPending) return <p className="px-4 py-10 text-center">Loading product...</p>;
  return (
    <>
      <ProductDetails product={product} mode={mode} />
      {/* A course's batch, schedule, age group and place (issue 59 item 5). */}
      {isCourse(product) && (
        <div className="mx-auto max-w-6xl px-4 pb-6">
          <CourseDetailsSection productId={product.product_id} />
        </div>
      )}
    </>
  );
}
