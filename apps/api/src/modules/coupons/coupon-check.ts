import type { CouponData } from '@shop/contracts';
import { applyCoupon, COUPON_MESSAGES, paiseToRupees, type Coupon } from '@shop/domain';
import type { Clock } from '../../lib/clock.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { CouponRow, CouponsRepository } from './coupons-repository.ts';

/** A coupon's rules as the domain's `applyCoupon` reads them. */
export function toCouponRule(row: CouponRow): Coupon {
  return {
    code: row.code,
    offer:
      row.percentageOffer !== null
        ? {
            type: 'percentage',
            percent: row.percentageOffer,
            maxDiscountPaise: row.maxDiscountPaise,
          }
        : { type: 'fixed', amountPaise: row.priceOfferPaise ?? 0 },
    active: row.active,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    minSaleTotalPaise: row.minimumSaleTotalPaise,
    usageLimit: row.totalUsageLimit,
    perCustomerLimit: row.perCustomerLimit,
  };
}

/** A coupon's rules in rupees, as checkout and the admin show them. */
export function toCouponData(row: CouponRow): CouponData {
  return {
    coupon_code: row.code,
    percentage_offer: row.percentageOffer,
    price_offer: row.priceOfferPaise === null ? null : paiseToRupees(row.priceOfferPaise),
    minimum_sale_total: paiseToRupees(row.minimumSaleTotalPaise),
    max_discount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
    start_date: row.startsAt?.toISOString() ?? null,
    end_date: row.endsAt?.toISOString() ?? null,
  };
}

/** A coupon code checked against a sale total, for checkout and the quotes. */
export class CouponCheck {
  constructor(
    private readonly couponCheckDeps: {
      repository: Pick<CouponsRepository, 'couponByCode' | 'couponUsesBy'>;
      clock: Clock;
    },
  ) {}

  /**
   * The store's coupon with this code against a sale total, with the domain's `applyCoupon`
   * (its dates, minimum, total uses and the caller's unreleased uses): its row and discount, or
   * why it does not apply (`known`: whether the store has a coupon of that code at all, so a
   * caller can count the codes that are guesses).
   */
  async check(
    storeId: string,
    code: string,
    saleTotalPaise: number,
    caller: SignedInUser | null,
  ): Promise<
    | { ok: true; row: CouponRow; discountPaise: number }
    | { ok: false; message: string; known: boolean }
  > {
    if (code.trim() === '') return { ok: false, message: COUPON_MESSAGES.empty, known: false };
    const row = await this.couponCheckDeps.repository.couponByCode(storeId, code);
    const byCustomer =
      row && caller ? await this.couponCheckDeps.repository.couponUsesBy(row.id, caller.id) : 0;
    const result = applyCoupon({
      enteredCode: code,
      coupon: row && toCouponRule(row),
      saleTotalPaise,
      now: this.couponCheckDeps.clock(),
      usage: { total: row?.uses ?? 0, byCustomer },
    });
    if (!result.ok || !row) {
      return {
        ok: false,
        message: result.ok ? COUPON_MESSAGES.invalid : result.message,
        known: row !== null,
      };
    }
    return { ok: true, row, discountPaise: result.discountPaise };
  }
}
