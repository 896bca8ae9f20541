import { Link } from 'react-router';
import { UNSENT_ORDER_EMAILS_NAMED, type UnsentOrderEmails } from '@shop/contracts';
import { RefusedEmailsCard } from './refused-emails-card.tsx';

const emails = (n: number) => `${n} order email${n === 1 ? '' : 's'}`;

/** The order emails the shop's email server refused (decision 0048), with their orders. */
export function UnsentOrderEmailsCard({ unsent }: { unsent: UnsentOrderEmails }) {
  return (
    <RefusedEmailsCard
      field="unsent_order_emails"
      unsent={unsent}
      path="/admin/order-emails/send-again"
      noun={emails}
      allGone="every order email has gone out."
      testId="unsent-order-emails"
    >
      <p>
        The shop’s email server refused them: order confirmations to customers or the shop’s own
        notices of new orders.
      </p>
      <p>
        {unsent.orders.length === UNSENT_ORDER_EMAILS_NAMED ? 'The newest orders:' : 'Orders:'}{' '}
        {unsent.orders.map((o, i) => (
          <span key={o.order_id}>
            {i > 0 && ', '}
            <Link to={`/orders/${o.order_id}`} className="font-semibold underline">
              {o.order_number}
            </Link>
          </span>
        ))}
      </p>
    </RefusedEmailsCard>
  );
}
