import type { PayButtonId } from './pay-mode.ts';

/**
 * The policy pages a shop selling online must publish before it sells: privacy (DPDP Act),
 * refunds and returns, terms, shipping (Consumer Protection (E-Commerce) Rules 2020, rule 5;
 * Razorpay's account activation asks for them too). Their slugs among the content pages.
 */
export const POLICY_PAGE_SLUGS = [
  'privacy-policy',
  'refund-policy',
  'terms-and-conditions',
  'shipping-and-delivery',
] as const;
export type PolicyPageSlug = (typeof POLICY_PAGE_SLUGS)[number];

/**
 * What can stop a shop's sale, in the order an owner fixes them (the dashboard's checklist):
 * - `address`: no store profile with the office (pickup) address and pincode, so checkout
 *   cannot price delivery or bill (a store without a saved profile takes no orders at all);
 * - `product`: no active product; `stock`: active products, none in stock;
 * - `buttons`: no purchase button (Add to Cart, Buy Now, Get Quote) is on;
 * - `delivery`: no active delivery band, so checkout refuses every address;
 * - `payment`: shoppers are offered no way to pay;
 * - `policies`: a policy page is missing;
 * - `grievance`: no grievance officer's name and email (Consumer Protection (E-Commerce) Rules
 *   2020, rule 4(4)/5(5); the DPDP Act's contact for questions about personal data).
 * Nothing else is listed: a server setting is not the owner's to fix.
 */
export const SALE_BLOCKERS = [
  'address',
  'product',
  'stock',
  'buttons',
  'delivery',
  'payment',
  'policies',
  'grievance',
] as const;
export type SaleBlocker = (typeof SALE_BLOCKERS)[number];

/** What the checklist is computed from (the store's own settings and catalogue, as saved). */
export interface ShopSetup {
  /** The store profile is saved with an office address and pincode. */
  office: { address: string; pincode: string } | null;
  activeProducts: number;
  /** Of the active products, how many have stock. */
  activeProductsInStock: number;
  /** Purchase buttons switched on. */
  cartButtonsOn: number;
  activeDeliveryBands: number;
  /** The pay modes a shopper is offered at checkout (`offeredPayButtons`). */
  offeredPayModes: readonly PayButtonId[];
  /** The slugs of the store's content pages. */
  pageSlugs: readonly string[];
  grievanceOfficer: { name: string; email: string };
}

/** A grievance contact counts once it has both a name and an email. */
export const hasGrievanceContact = (officer: { name: string; email: string }) =>
  officer.name.trim() !== '' && officer.email.trim() !== '';

/**
 * Everything that stops the shop's sale, in `SALE_BLOCKERS` order (empty: it can sell), and the
 * policy pages it lacks, in `POLICY_PAGE_SLUGS` order.
 */
export function saleBlockers(s: ShopSetup): {
  blockers: SaleBlocker[];
  missingPolicyPages: PolicyPageSlug[];
} {
  const pages = new Set(s.pageSlugs);
  const missingPolicyPages = POLICY_PAGE_SLUGS.filter((slug) => !pages.has(slug));
  const blocked: Record<SaleBlocker, boolean> = {
    address: !s.office || s.office.address.trim() === '' || s.office.pincode.trim() === '',
    product: s.activeProducts <= 0,
    stock: s.activeProducts > 0 && s.activeProductsInStock <= 0,
    buttons: s.cartButtonsOn <= 0,
    delivery: s.activeDeliveryBands <= 0,
    payment: s.offeredPayModes.length === 0,
    policies: missingPolicyPages.length > 0,
    grievance: !hasGrievanceContact(s.grievanceOfficer),
  };
  return { blockers: SALE_BLOCKERS.filter((b) => blocked[b]), missingPolicyPages };
}
