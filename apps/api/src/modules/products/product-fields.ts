import type { AdminProduct, ProductFields } from '@shop/contracts';
import {
  PRODUCT_TYPES,
  paiseToRupees,
  rupeesToPaise,
  stockLevel,
  type ProductType,
} from '@shop/domain';
import { toProductDto } from '../catalogue/index.ts';
import type { FullProduct, ProductInsert, VariationInsert } from './products-repository.ts';

/*
 * A product's three shapes: its stored rows as the admin reads them (`toAdminProduct`), the
 * fields a create, PATCH, bulk edit or import writes (`toFields`), and those fields back as
 * columns (`toColumns`); and what the checks of those fields say.
 */

export const NO_SUCH_PRODUCT = 'No such product in your store.';
export const SKU_TAKEN = (sku: string) => `The SKU ${sku} is already used by another product.`;

/** A product as the admin reads it: the storefront's fields, tax fields and stock level. */
export function toAdminProduct(p: FullProduct): AdminProduct {
  const dto = toProductDto(p.row, {
    variations: p.variations,
    groupedItems: p.groupedItems,
  });
  return {
    ...dto,
    reviews: [],
    // What is left to sell (orders take from totalStock); `stock` is written with it.
    stock: p.row.totalStock,
    hsn_code: p.row.hsnCode,
    gst_rate: p.row.gstRateBp / 100,
    gst_above:
      p.row.gstThresholdPaise !== null && p.row.gstRateAboveBp !== null
        ? { price: paiseToRupees(p.row.gstThresholdPaise), rate: p.row.gstRateAboveBp / 100 }
        : null,
    stock_level: stockLevel(p.row.totalStock),
    updatedAt: p.row.updatedAt.toISOString(),
  };
}

/** The stored product as the fields a PATCH is merged into (and the CSV export writes). */
export function toFields(p: AdminProduct): ProductFields {
  const type = (PRODUCT_TYPES as readonly string[]).includes(p.product_type)
    ? (p.product_type as ProductType)
    : 'Simple';
  const status = p.status === 'Inactive' || p.status === 'Archived' ? p.status : 'Active';
  return {
    title: p.title,
    sku: p.sku,
    product_type: type,
    status,
    category: p.category,
    categorytype: p.categorytype,
    image: p.image,
    gallery: p.gallery,
    description: p.description,
    short_description: p.short_description,
    originalPrice: p.originalPrice,
    discountPrice: p.discountPrice,
    stock: p.stock,
    key_features: p.key_features,
    specifications: p.specifications,
    attribute: p.attribute,
    delivery_days: p.delivery_days,
    hsn_code: p.hsn_code,
    gst_rate: p.gst_rate,
    gst_above: p.gst_above,
    variation: p.variation.map((v) => ({
      sku: v.sku,
      price: v.price,
      salePrice: v.salePrice,
      stock: v.stock,
      imageUrl: v.imageUrl,
      attributes: v.attributes,
    })),
    grouped_product: p.grouped_product,
  };
}

const effective = (v: VariationInsert) =>
  v.salePricePaise !== undefined && v.salePricePaise > 0 ? v.salePricePaise : v.pricePaise;

/**
 * The columns of a product from its fields. A Variable product's stock is the sum of its
 * variations' and its prices are those of its cheapest variation (what the listing shows).
 */
export function toColumns(f: ProductFields): {
  product: Omit<ProductInsert, 'storeId'>;
  variations: VariationInsert[];
} {
  const vs: VariationInsert[] = f.variation.map((v) => ({
    sku: v.sku,
    pricePaise: rupeesToPaise(v.price),
    salePricePaise: rupeesToPaise(v.salePrice),
    stock: v.stock,
    imageUrl: v.imageUrl,
    attributes: v.attributes,
  }));
  const cheapest = [...vs].sort((a, b) => effective(a) - effective(b))[0];
  const variable = f.product_type === 'Variable Product' && cheapest !== undefined;
  const stock = variable ? vs.reduce((sum, v) => sum + (v.stock ?? 0), 0) : f.stock;
  return {
    product: {
      title: f.title,
      sku: f.sku,
      productType: f.product_type,
      status: f.status,
      category: f.category,
      categorytype: f.categorytype,
      image: f.image,
      gallery: f.gallery,
      description: f.description,
      shortDescription: f.short_description,
      originalPricePaise: variable ? cheapest.pricePaise : rupeesToPaise(f.originalPrice),
      discountPricePaise: variable
        ? (cheapest.salePricePaise ?? 0)
        : rupeesToPaise(f.discountPrice),
      stock,
      totalStock: stock,
      keyFeatures: f.key_features,
      specifications: f.specifications,
      attribute: f.attribute,
      deliveryDays: f.delivery_days,
      hsnCode: f.hsn_code,
      gstRateBp: Math.round(f.gst_rate * 100),
      gstThresholdPaise: f.gst_above ? rupeesToPaise(f.gst_above.price) : null,
      gstRateAboveBp: f.gst_above ? Math.round(f.gst_above.rate * 100) : null,
    },
    variations: variable ? vs : [],
  };
}
