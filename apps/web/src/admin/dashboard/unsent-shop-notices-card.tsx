import { Link } from 'react-router';
import type { UnsentShopNotices } from '@shop/contracts';
import { RefusedEmailsCard } from './refused-emails-card.tsx';

const notices = (n: number) => `${n} form notice${n === 1 ? '' : 's'}`;

/**
 * The shop's notices of its forms' messages (contact, enquiry, admission) that its email server
 * refused (decision 0049). The messages themselves are in the inbox.
 */
export function UnsentShopNoticesCard({ unsent }: { unsent: UnsentShopNotices }) {
  return (
    <RefusedEmailsCard
      field="unsent_shop_notices"
      unsent={unsent}
      path="/admin/shop-notices/send-again"
      noun={notices}
      allGone="every form notice has gone out."
      testId="unsent-shop-notices"
    >
      <p>
        The shop’s email server refused the emails that tell you of new contact messages, enquiries
        and admission forms. The messages themselves are safe in the{' '}
        <Link to="/inbox" className="font-semibold underline">
          Inbox
        </Link>
        .
      </p>
    </RefusedEmailsCard>
  );
}
