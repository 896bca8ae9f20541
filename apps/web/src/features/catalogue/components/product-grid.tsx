import { useProducts } from '../api/use-products.ts';
import { ProductCard } from './product-card.tsx';

export function ProductGrid() {
  const { data, isError } = useProducts();
  if (isError) return <p role="alert">Failed to load products</p>;
  if (!data) return <p>Loading products...</p>;
  return (
    <section aria-labelledby="products-heading">
      <h1 id="products-heading" className="mb-4 text-xl font-bold">
        Discover Our Products <span className="text-slate-600">({data.total})</span>
      </h1>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Products">
        {data.data.map((p) => (
          <ProductCard key={p.product_id} product={p} />
        ))}
      </ul>
    </section>
  );
}
