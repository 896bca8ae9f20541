import { Link } from 'react-router';
import type { AdminOrder, UnsentOrderEmail } from '@shop/contracts';

/** What each refused email was, in the shop's words. */
function nameOf(e: UnsentOrderEmail): string {
  switch (e.kind) {
    case 'confirmation':
      return 'The order confirmation to the customer';
    case 'new_order_notice':
      return 'The new-order notice to the shop';
    case 'utr_notice':
      return 'The notice to the shop of a UPI payment to check';
    case 'status':
      return `The customer's email of the move to ${e.status ?? 'a new status'}`;
  }
}

/**
 * The order's emails the email server refused (decision 0048), each with the server's error:
 * the owner knows this customer was not told, and where to send them again.
 */
export function OrderUnsentEmails({ order }: { order: AdminOrder }) {
  if (order.unsent_emails.length === 0) return null;
  return (
    <section
      aria-labelledby="order-unsent-emails-title"
      data-testid="order-unsent-emails"
      className="flex min-w-0 flex-col gap-2 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id="order-unsent-emails-title" className="font-semibold">
        Emails not sent
      </h2>
      <ul className="flex flex-col gap-1">
        {order.unsent_emails.map((e, i) => (
          <li key={i} className="break-words">
            <strong>{nameOf(e)}</strong>:{' '}
            {e.given_up
              ? 'no longer tried again by itself'
              : `refused ${e.attempts} time${e.attempts === 1 ? '' : 's'}, tried again by itself`}
            . The email server said: <code className="break-all">{e.last_error}</code>
          </li>
        ))}
      </ul>
      <p>
        Mend the shop’s email settings, then{' '}
        <Link to="/" className="font-semibold underline">
          send them again from the dashboard
        </Link>
        .
      </p>
    </section>
  );
}
