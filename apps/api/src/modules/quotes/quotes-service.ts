import type { QuotedProduct } from '@shop/contracts';
import { CART_MESSAGES } from '@shop/contracts';
import { fitsStoredAmount, paiseToRupees, quoteTotals, tooLargeAmountMessage } from '@shop/domain';
import { BadRequest } from '../../lib/errors.ts';
import type { ErasedRows, ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import type { PricingService } from '../pricing/pricing-service.ts';
import type { QuotesRepository } from './quotes-repository.ts';

export interface QuoteInput {
  storeId: string;
  name: string;
  mobile: string;
  email: string;
  description: string;
  userName: string;
  couponCode: string;
  guestVeg: number;
  guestNonVeg: number;
  products: { productId: string; sku: string; quantity: number }[];
}

/** A stored quote request as the service answers it; the route shapes the response. */
export interface StoredQuote {
  id: string;
  name: string;
  mobile: string;
  email: string;
  description: string;
  cartProducts: QuotedProduct[];
  amountBeforeDiscountPaise: number;
  amountAfterDiscountPaise: number;
  discountPaise: number;
  couponCode: string;
  couponApplied: boolean;
  /** Why the coupon was or was not applied; absent when no code was sent. */
  couponMessage: string | undefined;
}

/** The most quote requests one customer sends a day (each one reaches the shop's staff). */
export const QUOTES_PER_DAY = 20;
const DAY_MS = 24 * 3_600_000;

/** Quote requests: priced by the server from its catalogue, whatever the client computed. */
export class QuotesService {
  constructor(
    private readonly repository: QuotesRepository,
    private readonly pricing: PricingService,
    private readonly limiter: RateLimiter,
    /** The checkout's coupon rule (a quote is priced as checkout would price it). */
    private readonly coupons: Pick<CheckoutService, 'couponDiscount'>,
  ) {}

  /** The user's quote requests as stored, for their data export (privacy). */
  personalRowsOf(userId: string): Promise<PersonalRows[]> {
    return this.repository.personalRowsOf(userId);
  }

  /**
   * The account's erasure (issue 61 item 3): its quote requests are deleted (a quote is not an
   * invoice: no law holds it). Answers what went and the inbox items deleted.
   */
  async erasePersonalDataOf(
    subject: ErasureSubject,
  ): Promise<{ rows: ErasedRows[]; items: { kind: 'quote'; id: string }[] }> {
    const ids = await this.repository.deleteAllOf(subject.storeId, subject.userId, subject.email);
    return {
      rows: [{ table: 'quote_requests', erased: ids.length, anonymised: 0, kept: 0 }],
      items: ids.map((id) => ({ kind: 'quote' as const, id })),
    };
  }

  async request(caller: SignedInUser, input: QuoteInput): Promise<StoredQuote> {
    if (input.storeId !== caller.storeId) {
      throw new BadRequest(CART_MESSAGES.wrongStore, 'main_id');
    }
    await this.limiter.hit(
      [{ key: `quotes:user:${caller.id}`, max: QUOTES_PER_DAY, windowMs: DAY_MS }],
      'Too many quote requests today.',
    );
    const order = await this.pricing.price(
      caller.storeId,
      input.products,
      (i) => `cart_products.${i}`,
    );
    // The checkout's coupon rule on the sale total; an unusable code prices without it.
    const coupon = await this.coupons.couponDiscount(
      caller,
      input.couponCode,
      order.itemsTotalPaise,
    );
    const discountPaise = coupon?.ok ? coupon.discountPaise : 0;
    const totals = quoteTotals(order.lines, discountPaise);
    // Many lines of a high quantity can sum past what an amount column holds.
    if (!fitsStoredAmount(totals.beforeDiscountPaise)) {
      throw new BadRequest(tooLargeAmountMessage('quote'), 'cart_products');
    }
    const cartProducts: QuotedProduct[] = order.lines.map((l) => ({
      product_id: l.productId,
      product_sku: l.sku,
      product_name: l.title,
      quantity: l.quantity,
      product_price: paiseToRupees(l.pricePaise),
      product_saleprice: paiseToRupees(l.salePricePaise),
      product_image: l.image,
    }));
    const row = await this.repository.insert({
      storeId: caller.storeId,
      userId: caller.id,
      userName: input.userName,
      name: input.name,
      mobile: input.mobile,
      email: input.email,
      description: input.description,
      cartProducts,
      amountBeforeDiscountPaise: totals.beforeDiscountPaise,
      amountAfterDiscountPaise: totals.afterDiscountPaise,
      discountPaise,
      couponCode: coupon?.ok ? coupon.code : input.couponCode,
      couponApplied: coupon?.ok ?? false,
      guestVeg: input.guestVeg,
      guestNonVeg: input.guestNonVeg,
    });
    return { ...row, cartProducts, couponMessage: coupon?.message };
  }
}
