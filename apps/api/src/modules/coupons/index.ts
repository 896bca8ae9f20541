import type { FastifyPluginCallback } from 'fastify';
import { couponsRoutes, type CouponsRoutesOptions } from './coupons-routes.ts';

/** The admin coupons module under /api/admin/coupons (owner only). */
export const coupons: FastifyPluginCallback<CouponsRoutesOptions> = (app, o, done) => {
  couponsRoutes(app, o);
  done();
};

export { CouponCheck, toCouponData, toCouponRule } from './coupon-check.ts';
export type { CouponRow } from './coupons-repository.ts';
export {
  CouponUsedUp,
  giveBackCouponUses,
  reclaimCouponUse,
  redeemCoupon,
  releaseCouponUse,
  releaseCouponUsesOf,
} from './coupon-redemptions.ts';
