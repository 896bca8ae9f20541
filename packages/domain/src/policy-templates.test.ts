import { describe, expect, it } from 'vitest';
import { POLICY_PAGE_SLUGS } from './shop-readiness.ts';
import {
  DEFAULT_RETURN_DAYS,
  fillIn,
  policyPageTemplates,
  type PolicyFacts,
} from './policy-templates.ts';

const FULL: PolicyFacts = {
  name: 'Rolling Rani',
  legalName: 'Rolling Rani Textiles LLP',
  address: '14 Hill Road, Bandra West, Mumbai',
  pincode: '400050',
  state: 'Maharashtra',
  email: 'hello@rollingrani.in',
  phone: '9820012345',
  gstin: '27AAPFR1234M1Z5',
  grievanceOfficer: { name: 'Meera Joshi', email: 'grievance@rollingrani.in', phone: '' },
  payModes: ['paynow', 'payondelivery'],
  advancePercent: 20,
  delivery: { delivers: true, maxKilometres: 25, freeFromPaise: 99_900 },
  returnDays: DEFAULT_RETURN_DAYS,
};

/** A new shop: nothing but its name. */
const BARE: PolicyFacts = {
  name: 'myshop',
  legalName: '',
  address: '',
  pincode: '',
  state: '',
  email: '',
  phone: '',
  gstin: '',
  grievanceOfficer: { name: '', email: '', phone: '' },
  payModes: [],
  advancePercent: 0,
  delivery: { delivers: false, maxKilometres: null, freeFromPaise: null },
  returnDays: DEFAULT_RETURN_DAYS,
};

const bodyOf = (facts: PolicyFacts, slug: string) =>
  policyPageTemplates(facts).find((p) => p.slug === slug)!.body_markdown;

describe('policyPageTemplates', () => {
  it('writes the four policy pages, each with a title and description', () => {
    const pages = policyPageTemplates(FULL);
    expect(pages.map((p) => p.slug).sort()).toEqual([...POLICY_PAGE_SLUGS].sort());
    for (const p of pages) {
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.description).toContain('Rolling Rani');
      expect(p.body_markdown.startsWith(`# ${p.title}\n`)).toBe(true);
    }
  });

  it('fills in the shop’s name, legal name, address, contacts, GSTIN and grievance officer, leaving no gap', () => {
    for (const p of policyPageTemplates(FULL)) {
      expect(p.body_markdown).toContain('Rolling Rani Textiles LLP (trading as Rolling Rani)');
      expect(p.body_markdown).not.toMatch(/undefined|null|NaN|\[object|Fill in/);
    }
    const privacy = bodyOf(FULL, 'privacy-policy');
    expect(privacy).toContain('- Address: 14 Hill Road, Bandra West, Mumbai, Maharashtra, 400050');
    expect(privacy).toContain('- Email: hello@rollingrani.in');
    expect(privacy).toContain('- Phone: +91 98200 12345');
    expect(privacy).toContain('- Name: Meera Joshi');
    expect(privacy).toContain('- Email: grievance@rollingrani.in');
    expect(privacy).toContain('payment gateway');
    expect(privacy).toContain('delivery partners and couriers');
    expect(privacy).toMatch(/delete your account/);
    expect(bodyOf(FULL, 'terms-and-conditions')).toContain('GSTIN 27AAPFR1234M1Z5');
    expect(bodyOf(FULL, 'terms-and-conditions')).toContain('courts of Maharashtra');
  });

  it('says the return window, the delivery area, free delivery and the pay-on-delivery advance', () => {
    expect(bodyOf(FULL, 'refund-policy')).toContain('within **7 days** of delivery');
    expect(bodyOf({ ...FULL, returnDays: 10 }, 'refund-policy')).toContain('**10 days**');
    expect(bodyOf(FULL, 'refund-policy')).toContain('the advance you paid is refunded');
    const shipping = bodyOf(FULL, 'shipping-and-delivery');
    expect(shipping).toContain('within 25 km of our office (pincode 400050)');
    expect(shipping).toContain('free** on orders of ₹999 or more');
    expect(shipping).toContain('pay 20% of the order in advance');
    expect(shipping).toContain('**Pay now**');
    expect(shipping).not.toContain('Pay by UPI');
    const anywhere = { ...FULL, delivery: { ...FULL.delivery, maxKilometres: null } };
    expect(bodyOf(anywhere, 'shipping-and-delivery')).toContain('at any distance');
    const upiOnly = { ...FULL, payModes: ['paymanual' as const], advancePercent: 0 };
    expect(bodyOf(upiOnly, 'shipping-and-delivery')).toContain('**Pay by UPI**');
    expect(bodyOf(upiOnly, 'privacy-policy')).not.toContain('payment gateway');
  });

  it('marks what a new shop has not given yet for the owner to fill in, never "undefined"', () => {
    const pages = policyPageTemplates(BARE);
    for (const p of pages) {
      expect(p.body_markdown).not.toMatch(/undefined|null|NaN|\[object/);
      expect(p.body_markdown).toContain('myshop');
    }
    const privacy = bodyOf(BARE, 'privacy-policy');
    expect(privacy).toContain(fillIn('grievance officer’s name (Admin → Settings → profile)'));
    expect(privacy).toContain(`- Address: ${fillIn('office address')}`);
    expect(privacy).toContain(`- Phone: ${fillIn('shop phone number')}`);
    expect(privacy).not.toContain('GSTIN');
    expect(bodyOf(BARE, 'shipping-and-delivery')).toContain(fillIn('how customers pay you'));
    expect(bodyOf(BARE, 'shipping-and-delivery')).toContain(
      fillIn('where you deliver (set delivery charges in Admin)'),
    );
  });
});
