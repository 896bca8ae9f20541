import { CART_MESSAGES } from '@shop/contracts';
import {
  ACTIVE_STATUS,
  isLineInStock,
  effectivePricePaise,
  isCourse,
  isVariableProduct,
  lineFigures,
  parseJsonList,
  quoteTotals,
  variationLabel,
  type GstRateRule,
} from '@shop/domain';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import { itemKey, type CatalogueItem, type PricingRepository } from './pricing-repository.ts';

/** A line to price: which product, which sku (the product's, or one of its variations'), how many. */
export interface LineRequest {
  productId: string;
  sku: string;
  quantity: number;
}

/** One line priced from the catalogue now. Amounts are integer paise. */
export interface PricedLine {
  productId: string;
  sku: string;
  quantity: number;
  storeId: string;
  title: string;
  /** List price of one unit (the variation's for a variation). */
  pricePaise: number;
  /** Sale price of one unit as stored (0 or not below the list price means no sale). */
  salePricePaise: number;
  /** What one unit costs: the sale price when it is a real discount, else the list price. */
  unitPaise: number;
  /** List price x quantity. */
  listSubtotalPaise: number;
  /** Unit price x quantity. */
  subtotalPaise: number;
  stock: number;
  /** Active in the catalogue. */
  active: boolean;
  /** Active and at least one in stock. */
  inStock: boolean;
  deliveryDays: number;
  image: string;
  gallery: string[];
  attributes: Record<string, string>;
  /** "Size: M, Colour: Red" for a variation, '' otherwise. */
  variationLabel: string;
  status: string;
  category: string;
  productType: string;
  description: string;
  shortDescription: string;
  /** The variation the sku names, null for a simple product. */
  variationId: string | null;
  /** HSN (goods) or SAC (services) code of the product. */
  hsnCode: string;
  /** How the product's GST rate is found (prices include GST). */
  gstRule: GstRateRule;
  course: boolean;
}

/**
 * The answer of the pricing unit: lines and totals. Later steps (coupon, delivery charge, GST,
 * pay-on-delivery advance) extend this object with their own figures, each computed from the
 * one before, so every caller (cart, quotes, checkout, orders, admissions) reads one answer.
 */
export interface PricedOrder {
  storeId: string;
  lines: PricedLine[];
  /** Sum of list price x quantity. */
  listTotalPaise: number;
  /** Sum of unit price x quantity: what the items cost before coupon, delivery and advance. */
  itemsTotalPaise: number;
}

const strings = (v: unknown) => parseJsonList(v).filter((s): s is string => typeof s === 'string');

/** Prices one catalogue item (variation figures over the product's) for a quantity. */
export function priceCatalogueItem(
  { product, variation }: CatalogueItem,
  quantity: number,
): PricedLine {
  const figures = lineFigures(
    {
      price: product.originalPricePaise,
      salePrice: product.discountPricePaise,
      stock: product.totalStock,
      image: product.image,
      gallery: strings(product.gallery),
    },
    variation && {
      price: variation.pricePaise,
      salePrice: variation.salePricePaise,
      stock: variation.stock,
      image: variation.imageUrl,
      gallery: strings(variation.galleryImages),
    },
  );
  const attributes = variation?.attributes ?? {};
  const active = product.status === ACTIVE_STATUS;
  const unitPaise = effectivePricePaise(figures.price, figures.salePrice);
  return {
    productId: product.id,
    sku: variation?.sku ?? product.sku,
    quantity,
    storeId: product.storeId,
    title: product.title,
    pricePaise: figures.price,
    salePricePaise: figures.salePrice,
    unitPaise,
    listSubtotalPaise: figures.price * quantity,
    subtotalPaise: unitPaise * quantity,
    stock: figures.stock,
    active,
    inStock: isLineInStock({ productStatus: product.status, stock: figures.stock }),
    deliveryDays: product.deliveryDays,
    image: figures.image,
    gallery: [...figures.gallery],
    attributes,
    variationLabel: variationLabel(attributes),
    status: product.status,
    category: product.category,
    productType: product.productType,
    description: product.description,
    shortDescription: product.shortDescription,
    variationId: variation?.id ?? null,
    hsnCode: product.hsnCode,
    gstRule: {
      ratePercent: product.gstRateBp / 100,
      above:
        product.gstThresholdPaise !== null && product.gstRateAboveBp !== null
          ? { unitPricePaise: product.gstThresholdPaise, ratePercent: product.gstRateAboveBp / 100 }
          : null,
    },
    course: isCourse(product),
  };
}

/** The one place items are priced from the catalogue. */
export class PricingService {
  constructor(private readonly repository: PricingRepository) {}

  /**
   * Each line as the catalogue has it now, whatever its status (a cart shows lines that went
   * out of stock or inactive), in the order asked; null where the product is gone. One query.
   */
  async current(storeId: string, lines: readonly LineRequest[]): Promise<(PricedLine | null)[]> {
    const found = await this.repository.catalogueItems(storeId, lines);
    return lines.map((line) => {
      const item = found.get(itemKey(line.productId, line.sku));
      return item ? priceCatalogueItem(item, line.quantity) : null;
    });
  }

  /**
   * Prices lines someone wants to buy: each must be an active product of the store, named by its
   * sku or (Variable products) a variation's sku, else NotFound / BadRequest naming
   * `field(index)`. One query for any number of lines. Stock is not checked here: the caller
   * decides (a cart refuses, a quote does not).
   */
  async price(
    storeId: string,
    lines: readonly LineRequest[],
    field: (index: number) => string,
  ): Promise<PricedOrder> {
    const found = await this.repository.catalogueItems(storeId, lines);
    const priced = lines.map((line, i) => {
      const item = found.get(itemKey(line.productId, line.sku));
      if (!item || item.product.status !== 'Active') {
        throw new NotFound(CART_MESSAGES.notFound, field(i));
      }
      const isVariable = isVariableProduct({ product_type: item.product.productType });
      if (isVariable ? !item.variation : item.product.sku !== line.sku) {
        throw new BadRequest(CART_MESSAGES.chooseVariation, field(i));
      }
      return priceCatalogueItem(item, line.quantity);
    });
    const totals = quoteTotals(priced);
    return {
      storeId,
      lines: priced,
      listTotalPaise: totals.beforeDiscountPaise,
      itemsTotalPaise: totals.afterDiscountPaise,
    };
  }
}
