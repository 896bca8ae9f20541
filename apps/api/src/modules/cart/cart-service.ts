import {
  CART_MESSAGES,
  DUPLICATE_CART_LINE,
  onlyLeftInStock,
  type CartLine,
} from '@shop/contracts';
import { paiseToRupees } from '@shop/domain';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { LineRequest, PricedLine, PricingService } from '../pricing/pricing-service.ts';
import type { CartRepository, StoredLine } from './cart-repository.ts';

function toCartLine(line: StoredLine, p: PricedLine): CartLine {
  return {
    product_id: p.productId,
    product_sku: line.sku,
    product_name: p.title,
    product_price: paiseToRupees(p.pricePaise),
    product_saleprice: paiseToRupees(p.salePricePaise),
    product_stockstatus: p.inStock ? 'In Stock' : 'Out of Stock',
    product_status: p.status,
    product_image: p.image,
    product_gallery: p.gallery,
    description: p.description,
    short_description: p.shortDescription,
    category: p.category,
    product_type: p.productType,
    variation_attributes: p.attributes,
    typeofsimple: p.variationLabel,
    user_id: line.userId,
    user_name: line.userName,
    delivery_days: p.deliveryDays,
    main_id: p.storeId,
    quantity: line.quantity,
    stock: Math.max(0, p.stock),
    course: p.course,
  };
}

/** The signed-in customer's cart. Identity and quantity come from the client; all else from us. */
export class CartService {
  constructor(
    private readonly repository: CartRepository,
    private readonly pricing: PricingService,
  ) {}

  private assertStock(priced: PricedLine, quantity: number) {
    if (priced.stock <= 0) throw new Conflict(CART_MESSAGES.outOfStock, 'quantity');
    if (quantity > priced.stock) throw new BadRequest(onlyLeftInStock(priced.stock), 'quantity');
  }

  /** The caller's lines as stored (product, sku, quantity), for checkout to price. */
  async lineRequests(caller: SignedInUser): Promise<LineRequest[]> {
    return (await this.repository.lines(caller.id)).map((l) => ({
      productId: l.productId,
      sku: l.sku,
      quantity: l.quantity,
    }));
  }

  /** The caller's lines, priced from the catalogue now (lines of removed products drop out). */
  async list(caller: SignedInUser): Promise<CartLine[]> {
    const stored = await this.repository.lines(caller.id);
    const priced = await this.pricing.current(caller.storeId, stored);
    return stored.flatMap((line, i) => {
      const p = priced[i];
      return p ? [toCartLine(line, p)] : [];
    });
  }

  async add(
    caller: SignedInUser,
    input: { storeId: string; productId: string; sku: string; quantity: number },
  ) {
    if (input.storeId !== caller.storeId) {
      throw new BadRequest(CART_MESSAGES.wrongStore, 'main_id');
    }
    const {
      lines: [priced],
    } = await this.pricing.price(caller.storeId, [input], () => 'product_sku');
    this.assertStock(priced!, input.quantity);
    const added = await this.repository.insert({
      storeId: caller.storeId,
      userId: caller.id,
      productId: input.productId,
      sku: input.sku,
      quantity: input.quantity,
    });
    if (!added) throw new Conflict(CART_MESSAGES.duplicate, DUPLICATE_CART_LINE.field);
    return toCartLine(added, priced!);
  }

  async setQuantity(caller: SignedInUser, sku: string, quantity: number) {
    const line = await this.repository.line(caller.id, sku);
    if (!line) throw new NotFound(CART_MESSAGES.notInCart);
    const {
      lines: [priced],
    } = await this.pricing.price(caller.storeId, [{ ...line, quantity }], () => 'sku');
    this.assertStock(priced!, quantity);
    const set = await this.repository.setQuantity(caller.id, sku, quantity);
    // Removed by another tab between the read and the write.
    if (!set) throw new NotFound(CART_MESSAGES.notInCart);
    return toCartLine(set, priced!);
  }

  async remove(caller: SignedInUser, sku: string) {
    if (!(await this.repository.delete(caller.id, sku))) {
      throw new NotFound(CART_MESSAGES.notInCart);
    }
  }

  async clear(caller: SignedInUser) {
    await this.repository.deleteAll(caller.id);
  }

  /** Empties a user's cart after their order is paid (no request of theirs is at hand). */
  async clearAfterOrder(userId: string) {
    await this.repository.deleteAll(userId);
  }
}
