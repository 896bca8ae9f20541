import {
  couponFieldsProblem,
  couponFieldsSchema,
  type AdminCoupon,
  type CouponFields,
  type CouponPatch,
} from '@shop/contracts';
import { assertCouponRule, paiseToRupees, rupeesToPaise } from '@shop/domain';
import type { Transaction } from '@shop/db';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import { toCouponData, toCouponRule } from './coupon-check.ts';
import type { CouponInsert, CouponWithUsage, CouponsRepository } from './coupons-repository.ts';

export const NO_SUCH_COUPON = 'No such coupon in your store.';
const CODE_TAKEN = (code: string) => `Another coupon already has the code ${code}.`;

function toAdminCoupon({ row, used, discountPaise }: CouponWithUsage): AdminCoupon {
  const rules = toCouponData(row);
  return {
    id: row.id,
    code: rules.coupon_code,
    percentage_offer: rules.percentage_offer,
    price_offer: rules.price_offer,
    active: row.active,
    start_date: rules.start_date,
    end_date: rules.end_date,
    minimum_sale_total: rules.minimum_sale_total,
    max_discount: rules.max_discount,
    total_usage_limit: row.totalUsageLimit,
    per_customer_limit: row.perCustomerLimit,
    used,
    discount_given: paiseToRupees(discountPaise),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toFields(c: AdminCoupon): CouponFields {
  return {
    code: c.code,
    percentage_offer: c.percentage_offer,
    price_offer: c.price_offer,
    active: c.active,
    start_date: c.start_date,
    end_date: c.end_date,
    minimum_sale_total: c.minimum_sale_total,
    max_discount: c.max_discount,
    total_usage_limit: c.total_usage_limit,
    per_customer_limit: c.per_customer_limit,
  };
}

function toColumns(f: CouponFields): CouponInsert {
  return {
    code: f.code.trim(),
    percentageOffer: f.percentage_offer,
    priceOfferPaise: f.price_offer === null ? null : rupeesToPaise(f.price_offer),
    active: f.active,
    startsAt: f.start_date === null ? null : new Date(f.start_date),
    endsAt: f.end_date === null ? null : new Date(f.end_date),
    minimumSaleTotalPaise: rupeesToPaise(f.minimum_sale_total),
    maxDiscountPaise: f.max_discount === null ? null : rupeesToPaise(f.max_discount),
    totalUsageLimit: f.total_usage_limit,
    perCustomerLimit: f.per_customer_limit,
  };
}

/**
 * Coupons in the admin (owner only): list with the uses so far, create, edit,
 * deactivate (active false; never deleted, orders' redemptions point at them). A coupon's rules
 * are checked by the contract and then by the checkout's own reading of them (`toCouponRule`,
 * `assertCouponRule`). Past orders keep their figures (stored on the order and its redemption);
 * a used coupon keeps its code, and its usage limit cannot go below its uses.
 */
export class CouponsService {
  constructor(
    private readonly repo: CouponsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(storeId: string): Promise<AdminCoupon[]> {
    return (await this.repo.list(storeId)).map(toAdminCoupon);
  }

  create(actor: AuditActor, fields: CouponFields): Promise<AdminCoupon> {
    return this.write(async (tx) => {
      const values = await this.check(tx, actor.storeId, fields);
      const id = await this.repo.insert(tx, actor.storeId, values);
      const after = await this.mustFind(tx, actor.storeId, id);
      await this.audit.record(tx, actor, {
        action: 'coupon.create',
        entity: 'coupon',
        entityId: id,
        before: null,
        after,
      });
      return after;
    });
  }

  update(actor: AuditActor, id: string, patch: CouponPatch): Promise<AdminCoupon> {
    return this.write(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, id, true);
      const fields = couponFieldsSchema.parse({ ...toFields(before), ...patch });
      if (before.used > 0 && fields.code.trim().toLowerCase() !== before.code.toLowerCase()) {
        throw new BadRequest(
          'Orders already used this code, so it stays; deactivate this coupon and create a new one.',
          'code',
        );
      }
      if (fields.total_usage_limit !== null && fields.total_usage_limit < before.used) {
        throw new BadRequest(
          `It has been used ${String(before.used)} times already; the limit cannot be lower.`,
          'total_usage_limit',
        );
      }
      const values = await this.check(tx, actor.storeId, fields, id);
      await this.repo.update(tx, id, values);
      const after = await this.mustFind(tx, actor.storeId, id);
      await this.audit.record(tx, actor, {
        action: 'coupon.update',
        entity: 'coupon',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  /** The contract's cross-field rules, the checkout's reading of the rule, a free code. */
  private async check(
    tx: Transaction,
    storeId: string,
    fields: CouponFields,
    exceptId?: string,
  ): Promise<CouponInsert> {
    const problem = couponFieldsProblem(fields);
    if (problem) throw new BadRequest(problem.message, problem.field);
    const values = toColumns(fields);
    try {
      assertCouponRule(
        toCouponRule({
          ...values,
          id: exceptId ?? '',
          storeId,
          uses: 0,
          createdAt: new Date(),
          updatedAt: new Date(),
        } as Parameters<typeof toCouponRule>[0]),
      );
    } catch (err) {
      if (err instanceof RangeError) throw new BadRequest(err.message, 'percentage_offer');
      throw err;
    }
    if (await this.repo.codeTaken(tx, storeId, values.code, exceptId)) {
      throw new Conflict(CODE_TAKEN(values.code), 'code');
    }
    return values;
  }

  private async mustFind(tx: Transaction, storeId: string, id: string, lock = false) {
    const found = await this.repo.find(tx, storeId, id, lock);
    if (!found) throw new NotFound(NO_SUCH_COUPON, 'id');
    return toAdminCoupon(found);
  }

  /** One transaction; a code another write took meanwhile is a 409. */
  private async write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.repo.transaction(work);
    } catch (err) {
      if (uniqueViolation(err) === 'coupons_store_code_key') {
        throw new Conflict('Another coupon already has this code.', 'code');
      }
      throw err;
    }
  }
}
