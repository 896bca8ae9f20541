import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SaleChecklist } from '@shop/contracts';
import type { PayButtonId, PolicyPageSlug, SaleBlocker } from '@shop/domain';

const card = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200';
const todoCard = 'rounded-lg bg-amber-50 p-4 shadow-sm ring-1 ring-amber-300';
const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-orange-800 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-orange-700';

const POLICY_NAMES: Record<PolicyPageSlug, string> = {
  'privacy-policy': 'Privacy policy',
  'refund-policy': 'Refund policy',
  'terms-and-conditions': 'Terms and conditions',
  'shipping-and-delivery': 'Shipping and delivery',
};

/** What one checklist item says, where it is fixed, and whether only the owner can go there. */
interface Fix {
  says: ReactNode;
  link: string;
  to: string;
  ownerOnly: boolean;
}

const list = (words: string[]) =>
  words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;

function fixOf(blocker: SaleBlocker, c: SaleChecklist): Fix {
  switch (blocker) {
    case 'address':
      return {
        says: 'Your shop’s address is not saved: checkout needs it to price delivery and to bill.',
        link: 'Fill in the store profile',
        to: '/settings#profile',
        ownerOnly: true,
      };
    case 'product':
      return {
        says: 'There is no product on sale yet.',
        link: 'Add your first product',
        to: '/products/new',
        ownerOnly: false,
      };
    case 'stock':
      return {
        says: 'None of your products is in stock: shoppers see “Out of stock”.',
        link: 'Update the stock',
        to: '/products',
        ownerOnly: false,
      };
    case 'buttons':
      return {
        says: 'No buy button is on: products show no way to buy them.',
        link: 'Turn on Add to Cart or Buy Now',
        to: '/settings#buttons',
        ownerOnly: true,
      };
    case 'delivery':
      return {
        says: 'No delivery area: checkout refuses every address until a delivery charge is set.',
        link: 'Set the delivery charges',
        to: '/delivery',
        ownerOnly: true,
      };
    case 'payment':
      return {
        says:
          c.pay_modes.need_keys.length > 0
            ? `Shoppers have no way to pay: ${list(c.pay_modes.need_keys.map((m) => needsKeysWords(m, c)))} need${c.pay_modes.need_keys.length === 1 ? 's' : ''} Razorpay keys. Pay by UPI and pay on delivery with no advance need none.`
            : 'Shoppers have no way to pay.',
        link: 'Turn on pay on delivery or Pay by UPI',
        to: '/settings#buttons',
        ownerOnly: true,
      };
    case 'policies':
      return {
        says: `These policy pages are missing: ${list(c.missing_policy_pages.map((s) => POLICY_NAMES[s]))}.`,
        link: 'Create the policy pages',
        to: '/content/pages',
        ownerOnly: false,
      };
    case 'grievance':
      return {
        says: 'No grievance officer: the law asks an online shop to show whom shoppers can complain to.',
        link: 'Name the grievance officer',
        to: '/settings#profile',
        ownerOnly: true,
      };
  }
}

const needsKeysWords = (mode: PayButtonId, c: SaleChecklist) =>
  mode === 'payondelivery'
    ? `pay on delivery with a ${c.pay_modes.advance_percent}% advance`
    : mode === 'paynow'
      ? 'Pay now'
      : 'Pay by UPI';

/** How shoppers can pay, in words: "by UPI and on delivery". */
function offeredWords(c: SaleChecklist): string {
  const words = c.pay_modes.offered.map((m) =>
    m === 'paymanual'
      ? 'by UPI'
      : m === 'paynow'
        ? 'online (Pay now)'
        : c.pay_modes.advance_percent > 0
          ? `on delivery (${c.pay_modes.advance_percent}% in advance)`
          : 'on delivery',
  );
  return list(words);
}

/**
 * What stops the shop's sale, from the server (each item with the screen that fixes it; staff
 * are told which are the owner's), and what shoppers can pay with. Server settings are not
 * here: they are the developer's (`DeveloperNotes`).
 */
export function SaleChecklistCard({
  checklist: c,
  owner,
}: {
  checklist: SaleChecklist;
  owner: boolean;
}) {
  const paySentence =
    c.pay_modes.offered.length > 0 ? `Shoppers can pay ${offeredWords(c)}.` : null;
  const waiting = c.pay_modes.need_keys.length > 0 && c.pay_modes.offered.length > 0;
  if (c.blockers.length === 0) {
    return (
      <section className={card} aria-labelledby="sale-ready-title" data-testid="sale-checklist">
        <h2 id="sale-ready-title" className="font-bold text-emerald-900">
          Your shop can sell
        </h2>
        {paySentence && <p className="text-sm text-slate-700">{paySentence}</p>}
        {waiting && <KeysNote c={c} owner={owner} />}
      </section>
    );
  }
  return (
    <section
      className={todoCard}
      aria-labelledby="sale-checklist-title"
      data-testid="sale-checklist"
    >
      <h2 id="sale-checklist-title" className="font-bold text-slate-900">
        Before your shop can sell
      </h2>
      <p className="text-sm text-slate-700">
        {c.blockers.length === 1 ? 'One thing is left' : `${c.blockers.length} things are left`}:
      </p>
      <ol className="mt-2 flex flex-col divide-y divide-slate-200">
        {c.blockers.map((b) => {
          const fix = fixOf(b, c);
          return (
            <li key={b} data-testid={`blocker-${b}`} className="py-2 text-sm text-slate-900">
              <p>{fix.says}</p>
              {owner || !fix.ownerOnly ? (
                <Link to={fix.to} className={linkClass}>
                  {fix.link}
                </Link>
              ) : (
                <p className="text-slate-700">The shop owner sets this.</p>
              )}
            </li>
          );
        })}
      </ol>
      {paySentence && <p className="mt-2 text-sm text-slate-700">{paySentence}</p>}
      {waiting && <KeysNote c={c} owner={owner} />}
    </section>
  );
}

/** Modes switched on that wait for gateway keys, while others already work: said, not a blocker. */
function KeysNote({ c, owner }: { c: SaleChecklist; owner: boolean }) {
  return (
    <p className="text-sm text-slate-700">
      {list(c.pay_modes.need_keys.map((m) => needsKeysWords(m, c)))} will be offered once the shop
      has Razorpay keys.{' '}
      {owner && (
        <Link to="/settings#payment-keys" className={linkClass}>
          Add the Razorpay keys
        </Link>
      )}
    </p>
  );
}

/**
 * What the server's host must set, said once, folded away: the owner cannot change a server
 * setting from the admin, so it is not on the checklist.
 */
export function DeveloperNotes({ emailDelivery }: { emailDelivery: 'smtp' | 'outbox_folder' }) {
  if (emailDelivery !== 'outbox_folder') return null;
  return (
    <details className={card} data-testid="for-your-developer">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-900">
        For your developer
      </summary>
      <div className="mt-2 flex flex-col gap-2 text-sm text-slate-700">
        <p>
          Emails do not leave the server yet: sign-up codes, order confirmations and your new-order
          notices are kept in a folder on the server and reach nobody.
        </p>
        <p>
          Whoever runs the server must set <code>SMTP_URL</code> to the shop’s mail server (for
          example <code>smtps://user:password@smtp.example.com:465</code>) and restart it. The
          deploying guide explains it.
        </p>
      </div>
    </details>
  );
}
