/**
 * What the demo stores need to take orders: seller and office details, delivery bands, the
 * pay-on-delivery advance, coupons, and the GST rule of every product kind. Plain data; money in
 * rupees here, converted to paise by demo-data.ts.
 */
import type { ArtworkKind } from './artwork.ts';
import { MAIN_STORE_ID, QUOTE_STORE_ID } from './store-plan.ts';

/**
 * A product's GST: its HSN (goods) or SAC (services) code and rate in basis points. With
 * `aboveRupees`, a piece sold above that many rupees takes `rateAboveBp` instead: the rule is
 * stored on the product as data (rate, threshold, rate above) and applied per unit by the
 * domain's GST rule, so a Variable product's dearer sizes get the higher rate when they cross it.
 */
export interface GstRule {
  hsn: string;
  rateBp: number;
  aboveRupees?: number;
  rateAboveBp?: number;
}

/** Apparel: 5% up to ₹2,500 a piece, 18% above. */
const apparel = (hsn: string): GstRule => ({
  hsn,
  rateBp: 500,
  aboveRupees: 2500,
  rateAboveBp: 1800,
});
/** Skates, their parts and protective gear: HSN 9506 (sports equipment) at 5%. */
const sportsGoods: GstRule = { hsn: '9506', rateBp: 500 };

/**
 * The GST rule of each kind of demo product. Demo data, believable for an Indian shop in 2026,
 * not tax advice: a real shop sets its own codes and rates in the admin.
 */
export const GST_BY_KIND: Record<ArtworkKind, GstRule> = {
  tshirt: apparel('6109'),
  polo: apparel('6105'),
  jersey: apparel('6110'),
  hoodie: apparel('6110'),
  trackpants: apparel('6103'),
  socks: apparel('6115'),
  cap: { hsn: '6505', rateBp: 500 },
  'inline-skate': sportsGoods,
  'quad-skate': sportsGoods,
  kit: sportsGoods,
  wheels: sportsGoods,
  helmet: sportsGoods,
  'knee-pads': sportsGoods,
  'wrist-guards': sportsGoods,
  bag: { hsn: '4202', rateBp: 1800 },
  bottle: { hsn: '7323', rateBp: 500 },
  /** Coaching: SAC 9992 (education services) at 18%. */
  course: { hsn: '9992', rateBp: 1800 },
};

export interface BandPlan {
  minKm: number;
  /** null: no upper limit. */
  maxKm: number | null;
  rupees: number;
  status?: 'Active' | 'Inactive';
}

export interface FreeBandPlan {
  minKm: number;
  maxKm: number | null;
  /** The sale total from which delivery in this band is free. */
  fromRupees: number;
}

export interface CouponPlan {
  code: string;
  percent?: number;
  rupeesOff?: number;
  active?: boolean;
  /** Days relative to the seed date (negative: in the past); absent: open. */
  startsInDays?: number;
  endsInDays?: number;
  minimumRupees?: number;
  maxDiscountRupees?: number;
  totalUsageLimit?: number;
  perCustomerLimit?: number;
  uses?: number;
}

export interface CheckoutPlan {
  gstin: string;
  legalName: string;
  state: string;
  gstStateCode: string;
  officeAddress: string;
  officePincode: string;
  officeLatitude: number;
  officeLongitude: number;
  roadFactor: number;
  notificationEmail: string;
  deliveryPercentage: number;
  /** What the payment modal shows. */
  companyName: string;
  companyColor: string;
  bands: BandPlan[];
  freeBands: FreeBandPlan[];
  coupons: CouponPlan[];
}

export const CHECKOUT_PLANS: Record<string, CheckoutPlan> = {
  [MAIN_STORE_ID]: {
    // A syntactically valid Maharashtra GSTIN (state 27, PAN of an LLP, check digit computed).
    gstin: '27AAHFU4821R1ZH',
    legalName: 'Urban Roll Sports LLP',
    state: 'Maharashtra',
    gstStateCode: '27',
    officeAddress:
      'Shop 4, Ashirwad Building, Veera Desai Road, Andheri West, Mumbai, Maharashtra 400058',
    officePincode: '400058',
    officeLatitude: 19.1314,
    officeLongitude: 72.8344,
    roadFactor: 1.3,
    notificationEmail: 'orders@urbanroll.example',
    deliveryPercentage: 20,
    companyName: 'Urban Roll',
    companyColor: '#7c3aed',
    bands: [
      { minKm: 0, maxKm: 5, rupees: 49 },
      { minKm: 5, maxKm: 15, rupees: 99 },
      { minKm: 15, maxKm: 40, rupees: 149 },
      { minKm: 40, maxKm: null, rupees: 249 },
    ],
    freeBands: [{ minKm: 0, maxKm: 15, fromRupees: 1499 }],
    coupons: [
      // 10% off the first order, at most ₹300.
      { code: 'WELCOME10', percent: 10, maxDiscountRupees: 300, perCustomerLimit: 1 },
      { code: 'FLAT200', rupeesOff: 200, minimumRupees: 1499 },
      { code: 'SKATE15', percent: 15, minimumRupees: 2999, maxDiscountRupees: 750, endsInDays: 90 },
      { code: 'ACADEMY500', rupeesOff: 500, minimumRupees: 5000 },
      // Ended a month ago.
      { code: 'MONSOON25', percent: 25, startsInDays: -120, endsInDays: -30 },
      // All 50 uses taken.
      { code: 'FIRST50', rupeesOff: 50, totalUsageLimit: 50, uses: 50 },
      // One use left: the race test's coupon.
      { code: 'LASTONE', rupeesOff: 100, totalUsageLimit: 10, uses: 9 },
      // Switched off by the shop.
      { code: 'STAFF30', percent: 30, active: false },
      // Not started yet.
      { code: 'DIWALI20', percent: 20, maxDiscountRupees: 1000, startsInDays: 30, endsInDays: 45 },
    ],
  },
  [QUOTE_STORE_ID]: {
    gstin: '27AAFCT7315K1Z1',
    legalName: 'Threadline Uniforms Private Limited',
    state: 'Maharashtra',
    gstStateCode: '27',
    officeAddress:
      'Unit 12, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
    officePincode: '400013',
    officeLatitude: 18.9977,
    officeLongitude: 72.8262,
    roadFactor: 1.3,
    notificationEmail: 'orders@threadline.example',
    deliveryPercentage: 20,
    companyName: 'Threadline Uniforms',
    companyColor: '#dc2626',
    bands: [
      { minKm: 0, maxKm: 5, rupees: 79 },
      { minKm: 5, maxKm: 15, rupees: 149 },
      { minKm: 15, maxKm: 40, rupees: 249 },
      { minKm: 40, maxKm: null, rupees: 399 },
    ],
    freeBands: [{ minKm: 0, maxKm: 40, fromRupees: 9999 }],
    coupons: [
      { code: 'BULK5', percent: 5, minimumRupees: 10000, maxDiscountRupees: 2000 },
      { code: 'TEAM500', rupeesOff: 500, minimumRupees: 5000 },
      { code: 'SCHOOL10', percent: 10, startsInDays: -200, endsInDays: -60 },
      { code: 'SAMPLE100', rupeesOff: 100, totalUsageLimit: 20, uses: 20 },
    ],
  },
};
