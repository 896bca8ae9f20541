import type { QuotedProduct, QuoteResponse } from '@shop/contracts';
import { fitsStoredAmount, paiseToRupees, quoteTotals, tooLargeAmountMessage } from '@shop/domain';
import type { TokenUser } from '../../lib/access-tokens.ts';
import { HttpError } from '../../lib/errors.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { QuotesRepository } from './quotes-repository.ts';

export const QUOTE_SENT = 'Request sent. Our team will contact you shortly.';

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

/** Quote requests: priced by the server from its catalogue, whatever the client computed. */
export class QuotesService {
  constructor(
    private readonly repository: QuotesRepository,
    private readonly cart: CartService,
  ) {}

  async request(caller: TokenUser, input: QuoteInput): Promise<QuoteResponse> {
    if (input.storeId !== caller.storeId) {
      throw new HttpError(400, 'main_id must be the store of your account.', 'main_id');
    }
    const priced = await this.cart.priceItems(
      caller.storeId,
      input.products,
      (i) => `cart_products.${i}`,
    );
    const lines = priced.map((p, i) => ({ ...p, quantity: input.products[i]!.quantity }));
    // Coupons are validated by the checkout's coupon rules; until they exist no discount applies.
    const discountPaise = 0;
    const totals = quoteTotals(lines, discountPaise);
    // Many lines of a high quantity can sum past what an amount column holds.
    if (!fitsStoredAmount(totals.beforeDiscountPaise)) {
      throw new HttpError(400, tooLargeAmountMessage('quote'), 'cart_products');
    }
    const cartProducts: QuotedProduct[] = lines.map((l) => ({
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
      userId: caller.userId,
      userName: input.userName,
      name: input.name,
      mobile: input.mobile,
      email: input.email,
      description: input.description,
      cartProducts,
      amountBeforeDiscountPaise: totals.beforeDiscountPaise,
      amountAfterDiscountPaise: totals.afterDiscountPaise,
      discountPaise,
      couponCode: input.couponCode,
      couponApplied: false,
      guestVeg: input.guestVeg,
      guestNonVeg: input.guestNonVeg,
    });
    return {
      isError: false,
      success: true,
      message: QUOTE_SENT,
      data: {
        id: row.id,
        name: row.name,
        mobile: row.mobile,
        email: row.email,
        description: row.description,
        cart_products: cartProducts,
        amountbeforediscount: paiseToRupees(row.amountBeforeDiscountPaise),
        amountafterdiscount: paiseToRupees(row.amountAfterDiscountPaise),
        discountprice: paiseToRupees(row.discountPaise),
        coupon_code: row.couponCode,
        couponapplied: row.couponApplied,
        payment_mode: 'NA',
      },
    };
  }
}
