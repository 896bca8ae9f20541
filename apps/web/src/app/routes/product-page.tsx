import { useParams } from 'react-router';
import { productIdOfKey } from '@shop/domain';
import { useProduct } from '../../features/catalogue/api/catalogue-queries.ts';
import { ProductDetails } from '../../features/catalogue/product/product-details.tsx';
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
  return <ProductDetails product={product} mode={mode} />;
}
