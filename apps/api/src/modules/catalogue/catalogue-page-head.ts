import { normalizeCategory, parseProductPath } from '@shop/domain';
import { NotFound } from '../../lib/errors.ts';
import type { PageHead } from '../../plugins/page-html.ts';
import type { CatalogueService } from './catalogue-service.ts';

const CATEGORY_PATH = /^\/category-detail\/([^/]+)\/?$/;

/**
 * The head of the page at the given path: a product's or category's own, else the store's;
 * `null` for a product or category that does not exist (answered with status 404), `undefined`
 * when the store has no meta.
 */
export async function cataloguePageHead(
  service: CatalogueService,
  storeId: string,
  pathname: string,
  origin: string,
): Promise<PageHead | null | undefined> {
  const url = `${origin}${pathname}`;
  const address = parseProductPath(pathname);
  if (address) {
    const id = address.id;
    if (id === null) return null;
    try {
      const [p, meta] = await Promise.all([service.product(id), service.pageMeta(storeId)]);
      const price =
        p.discountPrice > 0 && p.discountPrice < p.originalPrice
          ? p.discountPrice
          : p.originalPrice;
      return {
        title: `${p.title} | ${meta.store_name}`,
        description: p.short_description || p.description.slice(0, 160),
        image: p.image ? `${origin}${p.image}` : undefined,
        type: 'product',
        url,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: p.title,
          sku: p.sku,
          description: p.description,
          image: [p.image, ...p.gallery].filter(Boolean).map((i) => `${origin}${i}`),
          category: p.category,
          offers: {
            '@type': 'Offer',
            priceCurrency: 'INR',
            price: price.toFixed(2),
            availability:
              p.totalStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            url,
          },
        },
      };
    } catch (err) {
      if (err instanceof NotFound) return null;
      throw err;
    }
  }
  const categoryMatch = CATEGORY_PATH.exec(pathname);
  if (categoryMatch) {
    let key: string;
    try {
      key = decodeURIComponent(categoryMatch[1] ?? '');
    } catch {
      return null;
    }
    const [categories, meta] = await Promise.all([
      service.categories(storeId),
      service.pageMeta(storeId),
    ]);
    const category = categories.find(
      (c) => normalizeCategory(c.category) === normalizeCategory(key),
    );
    if (!category) return null;
    return {
      title: `${category.name} | ${meta.store_name}`,
      description: `Shop ${category.name} at ${meta.store_name}. ${meta.description}`.trim(),
      image: category.icon ? `${origin}${category.icon}` : undefined,
      type: 'website',
      url,
    };
  }
  // Every other page carries the store's own title and description (not the build's).
  const meta = await service.pageMeta(storeId).catch(() => null);
  return meta
    ? { title: meta.title, description: meta.description, type: 'website', url }
    : undefined;
}
