import {
  CART_MESSAGES,
  DUPLICATE_CART_LINE,
  onlyLeftInStock,
  type CartLine,
} from '@shop/contracts';
import { paiseToRupees, quoteTotals } from '@shop/domain';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { ErasedRows, ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';
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

  /** The user's cart rows as stored, for their data export (privacy). */
  personalRowsOf(userId: string): Promise<PersonalRows[]> {
    return this.repository.personalRowsOf(userId);
  }

  /** The account's erasure (issue 61 item 3): its cart is emptied. */
  async erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> {
    const erased = await this.repository.deleteAllOf(subject.userId);
    return [{ table: 'cart_lines', erased, anonymised: 0, kept: 0 }];
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

  /**
   * What the caller's cart costs as the catalogue prices it now (sale prices x quantities, before
   * coupon and delivery): lines of products gone or not active are left out, as checkout would
   * refuse them. A caller of another store than `storeId` has no cart there (0).
   */
  async itemsTotalPaise(caller: SignedInUser, storeId: string): Promise<number> {
    if (storeId !== caller.storeId) return 0;
    const priced = await this.pricing.current(caller.storeId, await this.lineRequests(caller));
    return quoteTotals(priced.filter((p): p is PricedLine => p !== null && p.active))
      .afterDiscountPaise;
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

  /**
   * A user's cart after their order (no request of theirs is at hand): a shop order, placed from
   * the whole cart, empties it; an admission order (its courses bought on their own) takes out
   * only the lines it bought, `skus`, and leaves the shop's goods in the cart.
   */
  async clearAfterOrder(userId: string, only?: { skus: readonly string[] }) {
    if (only) await this.repository.deleteSkus(userId, only.skus);
    else await this.repository.deleteAll(userId);
  }
}
