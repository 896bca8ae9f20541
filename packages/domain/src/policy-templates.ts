import { formatInr, type Paise } from './money.ts';
import type { PayButtonId } from './pay-mode.ts';
import type { PolicyPageSlug } from './shop-readiness.ts';

/** How long a shopper may ask to return an item, unless the owner writes another number. */
export const DEFAULT_RETURN_DAYS = 7;

/** What the policy templates say about a shop, from its saved settings ('' when not given). */
export interface PolicyFacts {
  /** The shop's name as shoppers see it. */
  name: string;
  /** The registered business name (on invoices); the shop's name when empty. */
  legalName: string;
  /** The office address and its pincode and state. */
  address: string;
  pincode: string;
  state: string;
  email: string;
  /** Ten digits, or ''. */
  phone: string;
  gstin: string;
  grievanceOfficer: { name: string; email: string; phone: string };
  /** The pay modes shoppers are offered (Pay now goes through the card and UPI gateway). */
  payModes: readonly PayButtonId[];
  /** The share paid in advance for pay on delivery, 0–100. */
  advancePercent: number;
  delivery: {
    /** The farthest distance, km, an active band delivers to; null: no upper limit. */
    maxKilometres: number | null;
    /** No active band: the shop does not deliver yet. */
    delivers: boolean;
    /** The smallest order total with free delivery (an active free band), or null. */
    freeFromPaise: Paise | null;
  };
  /** Days after delivery within which a return may be asked for. */
  returnDays: number;
}

/** A page the owner can publish as it is, or edit first: what the content page is made of. */
export interface PolicyPageDraft {
  slug: PolicyPageSlug;
  title: string;
  description: string;
  body_markdown: string;
}

/** Marks what the owner must write before publishing: bold and bracketed, easy to spot. */
export const fillIn = (what: string) => `**[Fill in: ${what}]**`;

const or = (value: string, what: string) => (value.trim() !== '' ? value.trim() : fillIn(what));

/** "98200 12345" for ten digits; a marked gap otherwise. */
function phoneOf(digits: string, what: string): string {
  const d = digits.replace(/\D/g, '');
  return d.length === 10 ? `+91 ${d.slice(0, 5)} ${d.slice(5)}` : fillIn(what);
}

function addressOf(f: PolicyFacts): string {
  const parts = [f.address.trim(), f.state.trim(), f.pincode.trim()].filter((p) => p !== '');
  return parts.length > 0 && f.address.trim() !== '' ? parts.join(', ') : fillIn('office address');
}

/** Who sells: "Rolling Rani LLP (trading as Rolling Rani)" or the shop's name alone. */
function sellerOf(f: PolicyFacts): string {
  const name = or(f.name, 'shop name');
  const legal = f.legalName.trim();
  return legal !== '' && legal !== f.name.trim() ? `${legal} (trading as ${name})` : name;
}

function contactLines(f: PolicyFacts): string {
  const lines = [
    `- Email: ${or(f.email, 'shop email')}`,
    `- Phone: ${phoneOf(f.phone, 'shop phone number')}`,
    `- Address: ${addressOf(f)}`,
  ];
  if (f.gstin.trim() !== '') lines.push(`- GSTIN: ${f.gstin.trim()}`);
  return lines.join('\n');
}

function grievanceLines(f: PolicyFacts): string {
  const g = f.grievanceOfficer;
  const lines = [
    `- Name: ${or(g.name, 'grievance officer’s name (Admin → Settings → profile)')}`,
    `- Email: ${or(g.email, 'grievance officer’s email (Admin → Settings → profile)')}`,
  ];
  if (g.phone.replace(/\D/g, '').length === 10) lines.push(`- Phone: ${phoneOf(g.phone, '')}`);
  return lines.join('\n');
}

const has = (f: PolicyFacts, mode: PayButtonId) => f.payModes.includes(mode);

/** The ways to pay, in plain words. */
function paymentLines(f: PolicyFacts): string {
  const lines: string[] = [];
  if (has(f, 'paynow')) {
    lines.push(
      '- **Pay now**: by card, UPI, net banking or wallet through our payment gateway. We never see or keep your card details.',
    );
  }
  if (has(f, 'paymanual')) {
    lines.push(
      '- **Pay by UPI**: scan our UPI QR code or use our UPI ID, then enter the UTR (transaction reference) so we can match your payment.',
    );
  }
  if (has(f, 'payondelivery')) {
    lines.push(
      f.advancePercent > 0
        ? `- **Pay on delivery**: pay ${f.advancePercent}% of the order in advance when you order, and the rest in cash or UPI when it arrives.`
        : '- **Pay on delivery**: pay in cash or UPI when your order arrives.',
    );
  }
  return lines.length > 0 ? lines.join('\n') : `- ${fillIn('how customers pay you')}`;
}

function deliveryArea(f: PolicyFacts): string {
  if (!f.delivery.delivers) return fillIn('where you deliver (set delivery charges in Admin)');
  const from = f.pincode.trim() !== '' ? `our office (pincode ${f.pincode.trim()})` : 'our office';
  return f.delivery.maxKilometres === null
    ? `We deliver to addresses at any distance from ${from}; the charge depends on the distance.`
    : `We deliver to addresses within ${f.delivery.maxKilometres} km of ${from}; the charge depends on the distance. Checkout tells you if we cannot reach your address.`;
}

function refund(f: PolicyFacts): PolicyPageDraft {
  const days = f.returnDays;
  const advance =
    has(f, 'payondelivery') && f.advancePercent > 0
      ? '\n\nFor pay-on-delivery orders, the advance you paid is refunded the same way; what you paid in cash on delivery is refunded to your bank account or UPI ID, which we will ask you for.'
      : '';
  return {
    slug: 'refund-policy',
    title: 'Refund and Return Policy',
    description: `How to return an item bought from ${or(f.name, 'our shop')} and get your money back.`,
    body_markdown: `# Refund and Return Policy

This policy applies to orders placed with ${sellerOf(f)} on this website.

## Returns

You can ask to return an item within **${days} days** of delivery if it is damaged, defective, not what you ordered, or does not fit. The item must be unused, unwashed and in its original packing with its tags.

We cannot take back items that are used, altered, or marked "not returnable" on their page, except when they arrived damaged or wrong.

## How to ask for a return

Write to us within ${days} days of delivery with your order number, the item and the reason (a photo helps for a damaged or wrong item):

${contactLines(f)}

We reply within 2 working days and tell you how the item will be picked up or where to send it. When the item was damaged, defective or wrong, we pay for the return.

## Cancellations

You can cancel an order from your account until it is shipped. Once it is shipped, ask for a return instead.

## Refunds

Once we receive and check the returned item, or cancel your order, we refund you within **7 working days**, to the way you paid (card, UPI or bank account). Your bank may take a few more days to show it.${advance}

Delivery charges are refunded when the item was damaged, defective or wrong.

## Questions or complaints

If you are not happy with how we handled your return, write to our grievance officer:

${grievanceLines(f)}
`,
  };
}

function shipping(f: PolicyFacts): PolicyPageDraft {
  const free =
    f.delivery.freeFromPaise !== null
      ? `\n\nDelivery is **free** on orders of ${formatInr(f.delivery.freeFromPaise)} or more (where shown at checkout).`
      : '';
  return {
    slug: 'shipping-and-delivery',
    title: 'Shipping and Delivery Policy',
    description: `Where and how fast ${or(f.name, 'our shop')} delivers, and what delivery costs.`,
    body_markdown: `# Shipping and Delivery Policy

This policy applies to orders placed with ${sellerOf(f)} on this website.

## Where we deliver

${deliveryArea(f)}

## What delivery costs

The delivery charge is shown at checkout before you pay, and on your order confirmation.${free}

## How long it takes

Each product page and the checkout show when your order should reach you. We pack orders within 1–2 working days of confirmation; you get an email when your order is shipped, and you can follow it in your account.

If your order is late, write to us and we will find out why.

## Payment

${paymentLines(f)}

## If something goes wrong

If a parcel arrives damaged or opened, please take a photo and write to us within 48 hours:

${contactLines(f)}
`,
  };
}

function privacy(f: PolicyFacts): PolicyPageDraft {
  const gateway = has(f, 'paynow')
    ? '\n- **Our payment gateway**, to take your payment when you pay online. It handles your card or bank details; we never see them.'
    : '';
  return {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    description: `What personal data ${or(f.name, 'our shop')} collects, why, who it is shared with, and how to have it deleted.`,
    body_markdown: `# Privacy Policy

${sellerOf(f)} ("we") runs this shop. This page explains what personal data we collect, why, and what you can ask us to do with it, under India's Digital Personal Data Protection Act, 2023.

## What we collect

- **Your account**: name, email, mobile number and a password (kept only as a secure hash).
- **Your orders**: delivery addresses, what you ordered, how you paid and payment references (not card numbers).
- **Messages** you send us through the contact or enquiry forms.
- **Technical data**: your device's IP address, used to keep the shop safe (for example, to stop repeated sign-in attempts).

## Why we use it

- To deliver your orders, send order emails and invoices, and handle returns and refunds.
- To let you sign in and see your orders.
- To answer your messages.
- To keep the accounts and tax records the law requires (for example, GST invoices).

We do not sell your data, and we do not send you marketing messages unless you ask for them.

## Who we share it with

Only what each needs, only to serve your order:

- **Our delivery partners and couriers**: your name, delivery address and phone number.${gateway}
- **Our email provider**, to send you codes and order emails.
- **Government authorities**, when the law requires it.

## How long we keep it

Your account data for as long as you keep the account. Order and invoice records for as long as the tax laws require (usually 8 years), even after you delete your account.

## Your rights

You can ask us to show you the data we hold about you, correct it, or delete your account and data (except the records the law makes us keep). Write to our grievance officer below; we reply within 30 days.

## Grievance officer

${grievanceLines(f)}

## Contact

${contactLines(f)}
`,
  };
}

function terms(f: PolicyFacts): PolicyPageDraft {
  return {
    slug: 'terms-and-conditions',
    title: 'Terms and Conditions',
    description: `The terms of buying from ${or(f.name, 'our shop')}.`,
    body_markdown: `# Terms and Conditions

These terms apply when you buy from this website, which is run by ${sellerOf(f)}${f.gstin.trim() !== '' ? ` (GSTIN ${f.gstin.trim()})` : ''}, ${addressOf(f)}.

## Orders and prices

Prices are in Indian rupees and include GST. The delivery charge is added at checkout. An order is confirmed when we send the order confirmation; we may cancel an order (and refund it in full) if an item is out of stock or its price was shown wrongly.

## Paying

${paymentLines(f)}

## Delivery, returns and refunds

See our [Shipping and Delivery Policy](/shipping-and-delivery) and our [Refund and Return Policy](/refund-policy). You can ask for a return within ${f.returnDays} days of delivery.

## Your account

Keep your password to yourself; you are responsible for orders placed from your account. Tell us at once if you think someone else used it.

## Your data

See our [Privacy Policy](/privacy-policy).

## Complaints

Write to our grievance officer; we acknowledge complaints within 48 hours and resolve them within one month:

${grievanceLines(f)}

## Law

These terms are governed by the laws of India; the courts of ${or(f.state, 'your state')} have jurisdiction.

## Contact

${contactLines(f)}
`,
  };
}

/**
 * The four policy pages a shop must publish (`POLICY_PAGE_SLUGS`), written in plain English for
 * an Indian shop from its settings: name, legal name, address, contacts, GSTIN, grievance
 * officer, pay modes and advance, delivery area and free-delivery threshold, return window.
 * What the settings lack is a marked gap (`fillIn`) the owner fills in before publishing; the
 * owner edits every page afterwards.
 */
export function policyPageTemplates(f: PolicyFacts): PolicyPageDraft[] {
  return [privacy(f), refund(f), terms(f), shipping(f)];
}
