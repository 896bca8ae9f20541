import type { Product } from '@shop/contracts';
import { attributeSchema, specificationSchema } from '@shop/contracts';
import { paiseToRupees, parseJsonList } from '@shop/domain';
import type { z } from 'zod';
import type { GroupedItemRow, ProductRow, ReviewRow, VariationRow } from './catalogue-rows.ts';

const isString = (v: unknown): v is string => typeof v === 'string';

/** Keeps the items of a stored list (array or JSON text) that have the expected shape. */
function listOf<T extends z.ZodType>(value: unknown, item: T): z.output<T>[] {
  return parseJsonList(value).flatMap((entry) => {
    const parsed = item.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const strings = (value: unknown) => parseJsonList(value).filter(isString);

function stringMap(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => isString(entry[1])),
  );
}

export function toVariationDto(v: VariationRow): Product['variation'][number] {
  return {
    sku: v.sku,
    price: paiseToRupees(v.pricePaise),
    salePrice: paiseToRupees(v.salePricePaise),
    stock: v.stock,
    imageUrl: v.imageUrl,
    galleryImages: strings(v.galleryImages),
    attributes: stringMap(v.attributes),
  };
}

export interface ProductRelations {
  variations?: VariationRow[];
  groupedItems?: GroupedItemRow[];
  reviews?: ReviewRow[];
}

/** A product row and its relations as the storefront reads it: rupees, parsed lists. */
export function toProductDto(row: ProductRow, relations: ProductRelations = {}): Product {
  return {
    product_id: row.id,
    title: row.title,
    sku: row.sku,
    image: row.image,
    gallery: strings(row.gallery),
    description: row.description,
    short_description: row.shortDescription,
    product_type: row.productType,
    status: row.status,
    category: row.category,
    categorytype: row.categorytype,
    createdAt: row.createdAt.toISOString(),
    originalPrice: paiseToRupees(row.originalPricePaise),
    discountPrice: paiseToRupees(row.discountPricePaise),
    stock: row.stock,
    totalStock: row.totalStock,
    totalSold: row.totalSold,
    key_features: strings(row.keyFeatures),
    specifications: listOf(row.specifications, specificationSchema),
    attribute: listOf(row.attribute, attributeSchema),
    downloadable_files: parseJsonList(row.downloadableFiles),
    delivery_days: row.deliveryDays,
    variation: (relations.variations ?? []).map(toVariationDto),
    grouped_product: (relations.groupedItems ?? []).map((g) => ({
      title: g.title,
      image: g.image,
      product_id: g.memberProductId,
    })),
    reviews: (relations.reviews ?? []).map((r) => ({
      user: r.user,
      comment: r.comment,
      rating: r.rating,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
