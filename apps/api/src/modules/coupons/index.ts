import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { CouponCheck } from './coupon-check.ts';
import { CouponsRepository } from './coupons-repository.ts';
import { couponsRoutes } from './coupons-routes.ts';
import { CouponsService } from './coupons-service.ts';

/**
 * The coupons module: the admin's coupons under /api/admin/coupons (owner only), and the check
 * of a shopper's coupon that checkout prices with.
 */
export const coupons = shopModule({
  name: 'coupons',
  provides: { coupons: true, couponCheck: true },
  needs: { audit: true },
  build({ db, adapters }, { audit }: { audit: AuditService }) {
    const repository = new CouponsRepository(db);
    return {
      /** Coupons in the admin (owner only). */
      coupons: new CouponsService(repository, audit),
      couponCheck: new CouponCheck({ repository, clock: adapters.clock }),
    };
  },
  register: (app, { coupons: service }) => couponsRoutes(app, { service }),
});

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
