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
import { VersionedCache } from '../../lib/versioned-cache.ts';
import {
  itemKey,
  type CatalogueEntry,
  type CatalogueItem,
  type PricingRepository,
} from './pricing-repository.ts';

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

/** How pricing keeps the catalogue (see PricingService). */
export interface PricingCaching {
  /** The catalogue version (every write of a product or variation, but stock, moves it). */
  catalogueVersion: () => Promise<number>;
  /** How often the version is read at most (CATALOGUE_CACHE_CHECK_MS). */
  checkEveryMs: number;
}

/** Options of a pricing. */
export interface PricingRead {
  /** Read the catalogue now, not the cache (a price found changed at the stock lock). */
  fresh?: boolean;
}

/** The most products pricing keeps per process (a sale's carts name a few hot ones). */
const MAX_CACHED_PRODUCTS = 2000;

/**
 * The one place items are priced from the catalogue. Each product (prices, titles, status, GST,
 * its variations) is kept per process while the catalogue version holds, as the storefront's
 * answers are (a change is seen within `checkEveryMs`); stock is read fresh at every pricing, in
 * one statement. What a placing takes is checked again under its rows' locks (stock and prices,
 * decision 0030), and a placing that finds a price changed prices again with `fresh`.
 */
export class PricingService {
  private readonly entries: VersionedCache<CatalogueEntry | null>;

  constructor(
    private readonly repository: PricingRepository,
    caching: PricingCaching,
  ) {
    this.entries = new VersionedCache({
      readVersion: caching.catalogueVersion,
      checkEveryMs: caching.checkEveryMs,
      // Keyed by product id; unknown ids (a null entry each) cannot grow it without bound.
      maxEntries: MAX_CACHED_PRODUCTS,
    });
  }

  /** Products pricing read from the cache, and from the database, since the process started. */
  get cacheStats(): { hits: number; misses: number } {
    return this.entries.stats;
  }

  /**
   * The store's items the lines name, with their stock now, keyed by `itemKey`: the products
   * from the cache (those missing read together, in one statement) and the stock in another,
   * both at once.
   */
  private async items(
    storeId: string,
    lines: readonly LineRequest[],
    { fresh = false }: PricingRead,
  ): Promise<Map<string, CatalogueItem>> {
    const found = new Map<string, CatalogueItem>();
    if (lines.length === 0) return found;
    const ids = [...new Set(lines.map((l) => l.productId))];
    let read: Promise<Map<string, CatalogueEntry>> | undefined;
    const entryOf = async (id: string) =>
      (await (read ??= this.repository.catalogueEntries(ids))).get(id) ?? null;
    const [entries, stock] = await Promise.all([
      Promise.all(ids.map((id) => (fresh ? entryOf(id) : this.entries.get(id, () => entryOf(id))))),
      this.repository.stockOf(lines),
    ]);
    const byId = new Map(ids.map((id, i) => [id, entries[i]]));
    for (const line of lines) {
      const entry = byId.get(line.productId);
      const totalStock = stock.get(line.productId);
      // Another store's product is not this store's to sell: as if it did not exist. One gone
      // since it was cached has no stock row.
      if (!entry || entry.product.storeId !== storeId || totalStock === undefined) continue;
      const key = itemKey(line.productId, line.sku);
      const variation = entry.variations.find((v) => v.sku === line.sku);
      const variationStock = variation && stock.get(key);
      found.set(key, {
        product: { ...entry.product, totalStock },
        variation:
          variation && variationStock !== undefined
            ? { ...variation, stock: variationStock }
            : null,
      });
    }
    return found;
  }

  /**
   * Each line as the catalogue has it now, whatever its status (a cart shows lines that went
   * out of stock or inactive), in the order asked; null where the product is gone.
   */
  async current(storeId: string, lines: readonly LineRequest[]): Promise<(PricedLine | null)[]> {
    const found = await this.items(storeId, lines, {});
    return lines.map((line) => {
      const item = found.get(itemKey(line.productId, line.sku));
      return item ? priceCatalogueItem(item, line.quantity) : null;
    });
  }

  /**
   * Prices lines someone wants to buy: each must be an active product of the store, named by its
   * sku or (Variable products) a variation's sku, else NotFound / BadRequest naming
   * `field(index)`. Stock is read (fresh) but not checked here: the caller decides (a cart
   * refuses, a quote does not).
   */
  async price(
    storeId: string,
    lines: readonly LineRequest[],
    field: (index: number) => string,
    read: PricingRead = {},
  ): Promise<PricedOrder> {
    const found = await this.items(storeId, lines, read);
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
