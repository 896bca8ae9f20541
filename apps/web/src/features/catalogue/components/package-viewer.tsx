import type { Product } from '@shop/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { useProduct } from '../api/catalogue-queries.ts';

interface PackageViewerProps {
  product: Product | null;
  onClose: () => void;
  onSelectPackage?: (product: Product) => void;
}

/** The grouped product's items, with Select Package. */
export function PackageViewer({ product, onClose, onSelectPackage }: PackageViewerProps) {
  const { data } = useProduct(product?.product_id ?? null);
  const full = data ?? product;
  return (
    <Modal title={product?.title ?? ''} open={product !== null} onClose={onClose}>
      <ul className="grid grid-cols-2 gap-3" aria-label="Package items">
        {full?.grouped_product.map((item) => (
          <li
            key={`${item.title}-${item.product_id ?? ''}`}
            className="overflow-hidden rounded-xl ring-1 ring-slate-200"
          >
            <ProductImage src={item.image} alt={item.title} />
            <p className="p-2 text-sm font-semibold">{item.title}</p>
          </li>
        ))}
      </ul>
      <Button className="mt-4 w-full" onClick={() => full && onSelectPackage?.(full)}>
        Select Package
      </Button>
    </Modal>
  );
}
