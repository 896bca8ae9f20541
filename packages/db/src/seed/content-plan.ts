/**
 * The demo stores' content pages (about, centres, policies, academy rules) as Markdown, from
 * spec accounts-checkout-payments section 9. Plain data: seed-content.ts writes it once per
 * (store, page); the shop edits its own copy in the admin later.
 */
import { MAIN_STORE_ID, QUOTE_STORE_ID } from './store-plan.ts';

export interface ContentPagePlan {
  slug: string;
  title: string;
  description: string;
  body: string;
}

export { CONTENT_PAGE_SLUGS } from '@shop/domain';

interface Contact {
  shop: string;
  legalName: string;
  email: string;
  /** Ten digits. */
  phone: string;
  office: string;
}

const tel = (phone: string) => `[+91 ${phone.slice(0, 5)} ${phone.slice(5)}](tel:+91${phone})`;
const mail = (email: string) => `[${email}](mailto:${email})`;
const directions = (address: string) =>
  `[Get directions](https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)})`;

const privacy = (c: Contact): ContentPagePlan => ({
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  description: `How ${c.shop} collects, uses and protects your personal data.`,
  body: `${c.legalName} ("${c.shop}", "we") runs this shop. This policy explains what we collect and why.

## What we collect

- Your name, email address, mobile number and delivery addresses when you register, order or write to us.
- Your orders and payments. Card, UPI and bank details are handled by our payment provider; we never see or store them.
- Messages you send through the contact and enquiry forms.

## How we use it

- To deliver your orders, send order updates and answer your messages.
- To meet our legal duties, such as GST invoices and accounts.
- We do not sell your data, and we share it only with the delivery and payment partners who need it to serve you.

## Keeping it safe

Passwords are stored only as secure hashes, and sensitive identity numbers are encrypted. Only our staff who need your data can see it.

## Your choices

You can ask us to correct or delete your data at any time: write to ${mail(c.email)} or call ${tel(c.phone)}.`,
});

const refund = (c: Contact): ContentPagePlan => ({
  slug: 'refund-policy',
  title: 'Refund Policy',
  description: `Refunds and replacements at ${c.shop}: 48 hours from delivery for damaged, defective or wrong items.`,
  body: `## Refunds and replacements

- We accept refund or replacement requests **within 48 hours of delivery** for damaged, defective or wrong items.
- Items must be unworn, unwashed and in their original packaging with tags.
- Refunds go back to the original payment method within **7 to 10 business days** of approval.
- We do not offer refunds for a change of mind.

## Orders and payment

- Orders ship in 2 to 5 business days.
- We accept UPI, net banking, cards and wallets.

## How to ask

Write to ${mail(c.email)} or call ${tel(c.phone)} with your order number and a photo of the item.`,
});

const terms = (c: Contact): ContentPagePlan => ({
  slug: 'terms-and-conditions',
  title: 'Terms and Conditions',
  description: `The terms of buying from ${c.shop}: orders, prices, payments and delivery.`,
  body: `These terms apply to every order placed with ${c.legalName} ("${c.shop}").

## Orders and prices

- Prices are in Indian rupees (₹) and include GST. Delivery charges, if any, are shown at checkout before you pay.
- An order is confirmed once the payment (or the advance for pay on delivery) succeeds.
- We may cancel an order if an item is out of stock or mispriced; any amount paid is refunded in full.

## Payments

Payments are made through our payment provider by UPI, net banking, cards or wallets. With pay on delivery, part of the total is paid online in advance and the rest on delivery.

## Delivery and returns

See our [Shipping and Delivery](/shipping-and-delivery) and [Refund Policy](/refund-policy) pages.

## Contact

${c.legalName}, ${c.office}. Email ${mail(c.email)}, phone ${tel(c.phone)}.`,
});

const shipping = (c: Contact): ContentPagePlan => ({
  slug: 'shipping-and-delivery',
  title: 'Shipping and Delivery',
  description: `Shipping across India from ${c.shop}: 1-2 days to process, 2-10 days to deliver.`,
  body: `## Processing

Orders are processed in **1-2 business days**. We ship across India.

## Delivery times

| Where | Delivery |
| --- | --- |
| Metro cities | 2-5 days |
| Tier 2 and tier 3 cities | 4-7 days |
| Remote areas | 7-10 days |

## Charges

Shipping charges depend on the order value, weight and location, and are shown at checkout before you pay.

## Changing the address

The delivery address can be changed only before the order is dispatched. Write to ${mail(c.email)} or call ${tel(c.phone)} as soon as possible.`,
});

const URBAN_ROLL: Contact = {
  shop: 'Urban Roll',
  legalName: 'Urban Roll Sports LLP',
  email: 'hello@urbanroll.example',
  phone: '9820012345',
  office: 'Shop 4, Ashirwad Building, Veera Desai Road, Andheri West, Mumbai, Maharashtra 400058',
};

const THREADLINE: Contact = {
  shop: 'Threadline Uniforms',
  legalName: 'Threadline Uniforms Private Limited',
  email: 'orders@threadline.example',
  phone: '9833098765',
  office:
    'Unit 12, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
};

interface Place {
  name: string;
  address: string;
  hours: string;
}

const placeBlock = (p: Place, c: Contact) => `## ${p.name}

${p.address}

- Hours: ${p.hours}
- Phone: ${tel(c.phone)}
- ${directions(p.address)}`;

const URBAN_ROLL_PLACES: Place[] = [
  {
    name: 'Office (Andheri West)',
    address: URBAN_ROLL.office,
    hours: 'Monday to Saturday, 10:00 am to 7:00 pm',
  },
  {
    name: 'Malad (E) centre',
    address: 'Oberoi Mall Podium Rink, Off Western Express Highway, Malad East, Mumbai 400097',
    hours: 'Tuesday to Sunday, 6:30 am to 9:00 am and 4:30 pm to 8:30 pm',
  },
  {
    name: 'Goregaon (W) centre',
    address: 'Sports Complex Court 2, Link Road, Goregaon West, Mumbai 400104',
    hours: 'Tuesday to Sunday, 6:30 am to 9:00 am and 5:00 pm to 8:30 pm',
  },
  {
    name: 'Malad (W) centre',
    address: 'Mindspace Garden Rink, Chincholi Bunder Road, Malad West, Mumbai 400064',
    hours: 'Wednesday to Sunday, 4:30 pm to 8:30 pm',
  },
  {
    name: 'Andheri centre',
    address: 'Lokhandwala Sports Ground, Lokhandwala Complex, Andheri West, Mumbai 400053',
    hours: 'Tuesday to Sunday, 6:30 am to 9:00 am and 5:00 pm to 9:00 pm',
  },
];

const urbanRollPages: ContentPagePlan[] = [
  {
    slug: 'about',
    title: 'About Us',
    description:
      'Urban Roll: skates, gear and apparel from Mumbai, and a skating academy with four centres.',
    body: `## Our story

Urban Roll started in 2016 as a weekend skating club on the promenades of Mumbai. Parents kept asking where to buy good skates and safe gear, so we opened a shop, and the club grew into an academy with four centres across the city.

## Our mission

To get every child and adult in Mumbai rolling safely, with honest advice, gear that lasts and coaches who care.

## Our vision

A skating rink in every neighbourhood, and a generation that grows up fit, confident and outdoors.

## Our values

- **Safety first:** a guard set and helmet on every skater, every session.
- **Honest advice:** we sell what you need, not what costs most.
- **Community:** open sessions, events and a club for every level.

## Why shop with us

- Skates, protective gear and apparel chosen and tested by our coaches
- Delivery across India, and same-week delivery in Mumbai
- Pay online or with an advance and the rest on delivery
- Courses for ages 4 and up at four Mumbai centres
- Help on WhatsApp from real skaters

## What our customers say

> "My daughter went from holding the railing to gliding in six weeks. The coaches are patient and strict about safety."
>
> **Priya S., Malad**

> "Bought my first inline skates here. They asked about my level before recommending anything, and the fit was perfect."
>
> **Rohan M., Andheri**

> "Quick delivery to Pune and the kit was exactly as described. Ordering again for my son."
>
> **Anita K., Pune**`,
  },
  {
    slug: 'centers',
    title: 'Our Centres',
    description:
      'The Urban Roll office and our four skating centres in Mumbai: Malad (E), Goregaon (W), Malad (W) and Andheri.',
    body: `Our office and four skating centres, all in Mumbai. For help, call ${tel(URBAN_ROLL.phone)} or write to ${mail(URBAN_ROLL.email)}.

${URBAN_ROLL_PLACES.map((p) => placeBlock(p, URBAN_ROLL)).join('\n\n')}`,
  },
  privacy(URBAN_ROLL),
  refund(URBAN_ROLL),
  terms(URBAN_ROLL),
  shipping(URBAN_ROLL),
  {
    slug: 'rules-and-regulations',
    title: 'Rules and Regulations',
    description: 'The rules of the Urban Roll skating academy: fees, safety gear and parents.',
    body: `These rules apply to every student of the Urban Roll skating academy.

## Fees

- Fees are paid in advance, on or before the **10th of each month**.
- A late fine of **INR 200** applies after that.
- Fees are non-refundable.

## Safety gear

A guard set, a helmet and the club bodysuit are mandatory at every session.

## Parents

- No parental interference during sessions, and no entry to the skating area.
- Parents are responsible for their child's safety; the academy is not liable for injuries.

Questions? Call ${tel(URBAN_ROLL.phone)} or write to ${mail(URBAN_ROLL.email)}.`,
  },
];

const threadlinePages: ContentPagePlan[] = [
  {
    slug: 'about',
    title: 'About Us',
    description:
      'Threadline Uniforms: school, sports and corporate uniforms made in Mumbai, quoted for your team.',
    body: `## Our story

Threadline began in 2012 as a small tailoring unit in Lower Parel making blazers for two schools. Today we make uniforms for schools, clubs and offices across Maharashtra.

## Our mission

Uniforms that fit well, wash well and last the whole year, at a fair price for every family.

## Our vision

To be the first call of every school and team in western India that wants uniforms done right.

## Our values

- **Quality:** fabrics tested for colour and shrinkage before we cut.
- **Fair pricing:** clear quotes, no hidden charges.
- **On time:** we plan production around your term dates.

## Why order with us

- School, sports and corporate uniforms in every size
- Quotes for bulk orders within one working day
- Embroidery and printing of logos in-house
- Delivery across India

## What our customers say

> "Four hundred blazers delivered a week before term, every one fitting. Our parents noticed."
>
> **Principal, a school in Thane**

> "They matched our club colours exactly and the jerseys survived a full season."
>
> **Coach, a football club in Bandra**

> "Fast quotes and honest advice on fabric. Our staff love the new polos."
>
> **HR manager, a firm in Powai**`,
  },
  {
    slug: 'centers',
    // A uniform shop has an office and a fitting room, not centres.
    title: 'Visit Us',
    description: 'Visit the Threadline Uniforms office and fitting room in Lower Parel, Mumbai.',
    body: `Visit us for fittings and samples. For help, call ${tel(THREADLINE.phone)} or write to ${mail(THREADLINE.email)}.

${placeBlock({ name: 'Office and fitting room (Lower Parel)', address: THREADLINE.office, hours: 'Monday to Saturday, 10:00 am to 6:30 pm' }, THREADLINE)}`,
  },
  privacy(THREADLINE),
  refund(THREADLINE),
  terms(THREADLINE),
  shipping(THREADLINE),
  {
    slug: 'rules-and-regulations',
    title: 'Terms of Use',
    description: 'The terms of using the Threadline Uniforms website and your account.',
    body: `## Your account

- Keep your password to yourself; you are responsible for orders placed from your account.
- Give us a correct email address and mobile number so we can reach you about your orders.

## Using this site

- Do not misuse the site, its forms or its quotes (no automated requests, no false details).
- Product photos show the style; shades may differ slightly on screen.

## Quotes

A quote is valid for 15 days. Prices of bulk orders are confirmed when we accept the order.

Questions? Call ${tel(THREADLINE.phone)} or write to ${mail(THREADLINE.email)}.`,
  },
];

/** The content pages of each demo store. */
export const CONTENT_PLANS: Record<string, ContentPagePlan[]> = {
  [MAIN_STORE_ID]: urbanRollPages,
  [QUOTE_STORE_ID]: threadlinePages,
};
