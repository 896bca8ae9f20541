import type { CartLine } from '@shop/contracts';
import {
  isCourse,
  isVariableProduct,
  lineFigures,
  paiseToRupees,
  parseJsonList,
  variationLabel,
} from '@shop/domain';
import type { TokenUser } from '../../lib/access-tokens.ts';
import { HttpError } from '../../lib/errors.ts';
import {
  itemKey,
  type CartRepository,
  type CatalogueItem,
  type StoredLine,
} from './cart-repository.ts';

export const CART_MSG = {
  added: 'Added to cart',
  duplicate: 'Product already in cart',
  notFound: 'Product not found',
  notInCart: 'Product not in cart',
  outOfStock: 'This product is out of stock.',
  chooseVariation: 'Please choose a variation of this product.',
  wrongStore: 'main_id must be the store of your account.',
} as const;

const strings = (v: unknown) => parseJsonList(v).filter((s): s is string => typeof s === 'string');

/** What one unit costs and how many there are, from the catalogue. */
export interface PricedItem {
  productId: string;
  sku: string;
  title: string;
  pricePaise: number;
  salePricePaise: number;
  stock: number;
  active: boolean;
  image: string;
  gallery: string[];
  attributes: Record<string, string>;
  item: CatalogueItem;
}

export function priceItem({ product, variation }: CatalogueItem): PricedItem {
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
  return {
    productId: product.id,
    sku: variation?.sku ?? product.sku,
    title: product.title,
    pricePaise: figures.price,
    salePricePaise: figures.salePrice,
    stock: figures.stock,
    active: product.status === 'Active',
    image: figures.image,
    gallery: [...figures.gallery],
    attributes: variation?.attributes ?? {},
    item: { product, variation },
  };
}

function toCartLine(line: StoredLine): CartLine {
  const p = priceItem(line);
  const inStock = p.active && p.stock > 0;
  return {
    product_id: p.productId,
    product_sku: line.sku,
    product_name: p.title,
    product_price: paiseToRupees(p.pricePaise),
    product_saleprice: paiseToRupees(p.salePricePaise),
    product_stockstatus: inStock ? 'In Stock' : 'Out of Stock',
    product_status: line.product.status,
    product_image: p.image,
    product_gallery: p.gallery,
    description: line.product.description,
    short_description: line.product.shortDescription,
    category: line.product.category,
    product_type: line.product.productType,
    variation_attributes: p.attributes,
    typeofsimple: variationLabel(p.attributes),
    user_id: line.userId,
    user_name: line.userName,
    delivery_days: line.product.deliveryDays,
    main_id: line.product.storeId,
    quantity: line.quantity,
    stock: Math.max(0, p.stock),
    course: isCourse(line.product),
  };
}

/** The signed-in customer's cart. Identity and quantity come from the client; all else from us. */
export class CartService {
  constructor(private readonly repository: CartRepository) {}

  /**
   * Prices items from the catalogue: each must be an active product of the store, named by its
   * sku or (Variable products) a variation's sku. `field` names the input for error messages.
   */
  async priceItems(
    storeId: string,
    items: readonly { productId: string; sku: string }[],
    field: (index: number) => string,
  ): Promise<PricedItem[]> {
    const found = await this.repository.catalogueItems(storeId, items);
    return items.map((it, i) => {
      const item = found.get(itemKey(it.productId, it.sku));
      if (!item || item.product.status !== 'Active') {
        throw new HttpError(404, CART_MSG.notFound, field(i));
      }
      const isVariable = isVariableProduct({ product_type: item.product.productType });
      if (isVariable ? !item.variation : item.product.sku !== it.sku) {
        throw new HttpError(400, CART_MSG.chooseVariation, field(i));
      }
      return priceItem(item);
    });
  }

  private assertStock(priced: PricedItem, quantity: number) {
    if (priced.stock <= 0) throw new HttpError(409, CART_MSG.outOfStock, 'quantity');
    if (quantity > priced.stock) {
      throw new HttpError(400, `Only ${priced.stock} left in stock.`, 'quantity');
    }
  }

  async list(caller: TokenUser): Promise<CartLine[]> {
    return (await this.repository.lines(caller.userId)).map(toCartLine);
  }

  async add(
    caller: TokenUser,
    input: { storeId: string; productId: string; sku: string; quantity: number },
  ) {
    if (input.storeId !== caller.storeId) throw new HttpError(400, CART_MSG.wrongStore, 'main_id');
    const [priced] = await this.priceItems(caller.storeId, [input], () => 'product_sku');
    this.assertStock(priced!, input.quantity);
    const added = await this.repository.insert({
      storeId: caller.storeId,
      userId: caller.userId,
      productId: input.productId,
      sku: input.sku,
      quantity: input.quantity,
    });
    if (!added) throw new HttpError(409, CART_MSG.duplicate, 'product_sku');
    return this.lineOf(caller, input.sku);
  }

  private async lineOf(caller: TokenUser, sku: string) {
    const line = (await this.list(caller)).find((l) => l.product_sku === sku);
    if (!line) throw new HttpError(404, CART_MSG.notInCart);
    return line;
  }

  async setQuantity(caller: TokenUser, sku: string, quantity: number) {
    const line = await this.repository.line(caller.userId, sku);
    if (!line) throw new HttpError(404, CART_MSG.notInCart);
    const [priced] = await this.priceItems(caller.storeId, [line], () => 'sku');
    this.assertStock(priced!, quantity);
    await this.repository.setQuantity(caller.userId, sku, quantity);
    return this.lineOf(caller, sku);
  }

  async remove(caller: TokenUser, sku: string) {
    if (!(await this.repository.delete(caller.userId, sku))) {
      throw new HttpError(404, CART_MSG.notInCart);
    }
  }

  async clear(caller: TokenUser) {
    await this.repository.deleteAll(caller.userId);
  }
}
