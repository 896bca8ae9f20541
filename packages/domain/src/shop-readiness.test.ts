import { describe, expect, it } from 'vitest';
import {
  hasGrievanceContact,
  POLICY_PAGE_SLUGS,
  saleBlockers,
  SALE_BLOCKERS,
  type ShopSetup,
} from './shop-readiness.ts';

/** A shop that can sell: every check passes. */
const READY: ShopSetup = {
  office: { address: 'Shop 3, 14 Hill Road, Bandra West', pincode: '400050' },
  activeProducts: 2,
  activeProductsInStock: 1,
  cartButtonsOn: 2,
  activeDeliveryBands: 1,
  offeredPayModes: ['payondelivery'],
  pageSlugs: ['about', ...POLICY_PAGE_SLUGS],
  grievanceOfficer: { name: 'Asha Rao', email: 'grievance@shop.in' },
};

describe('saleBlockers', () => {
  it('lists nothing for a shop that can sell', () => {
    expect(saleBlockers(READY)).toEqual({ blockers: [], missingPolicyPages: [] });
  });

  it('lists everything a new shop lacks, in the order an owner fixes them', () => {
    const fresh: ShopSetup = {
      office: null,
      activeProducts: 0,
      activeProductsInStock: 0,
      cartButtonsOn: 0,
      activeDeliveryBands: 0,
      offeredPayModes: [],
      pageSlugs: [],
      grievanceOfficer: { name: '', email: '' },
    };
    expect(saleBlockers(fresh)).toEqual({
      // No products at all is "no product", not "none in stock".
      blockers: SALE_BLOCKERS.filter((b) => b !== 'stock'),
      missingPolicyPages: [...POLICY_PAGE_SLUGS],
    });
  });

  it.each<[Partial<ShopSetup>, string]>([
    [{ office: { address: '  ', pincode: '400050' } }, 'address'],
    [{ office: { address: 'Hill Road', pincode: '' } }, 'address'],
    [{ activeProducts: 0, activeProductsInStock: 0 }, 'product'],
    [{ activeProductsInStock: 0 }, 'stock'],
    [{ cartButtonsOn: 0 }, 'buttons'],
    [{ activeDeliveryBands: 0 }, 'delivery'],
    [{ offeredPayModes: [] }, 'payment'],
    [{ grievanceOfficer: { name: 'Asha Rao', email: '' } }, 'grievance'],
    [{ grievanceOfficer: { name: ' ', email: 'g@shop.in' } }, 'grievance'],
  ])('names one missing piece alone: %o → %s', (change, blocker) => {
    expect(saleBlockers({ ...READY, ...change }).blockers).toEqual([blocker]);
  });

  it('names the policy pages that are missing, and only those', () => {
    const found = saleBlockers({
      ...READY,
      pageSlugs: ['refund-policy', 'about', 'privacy-policy'],
    });
    expect(found).toEqual({
      blockers: ['policies'],
      missingPolicyPages: ['terms-and-conditions', 'shipping-and-delivery'],
    });
  });
});

describe('hasGrievanceContact', () => {
  it('needs both a name and an email', () => {
    expect(hasGrievanceContact({ name: 'Asha', email: 'a@shop.in' })).toBe(true);
    expect(hasGrievanceContact({ name: 'Asha', email: '' })).toBe(false);
    expect(hasGrievanceContact({ name: '', email: 'a@shop.in' })).toBe(false);
  });
});
