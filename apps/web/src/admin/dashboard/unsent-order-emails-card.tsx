import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  UNSENT_ORDER_EMAILS_NAMED,
  type DashboardResponse,
  type SendAgainOrderEmailsResponse,
  type UnsentOrderEmails,
} from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';

type SendAgain = SendAgainOrderEmailsResponse['data'];

const emails = (n: number) => `${n} order email${n === 1 ? '' : 's'}`;

/** What a press of "Send them again" did, said next to the button. */
function outcomeOf(r: SendAgain): { ok: boolean; text: string } {
  if (r.unsent.count > 0) {
    return {
      ok: false,
      text: `Still not sent: ${r.unsent.last_error ?? 'the email server refused'}`,
    };
  }
  if (r.sending > 0) {
    return { ok: true, text: `${emails(r.sending)} still being sent; this page updates shortly.` };
  }
  return { ok: true, text: 'Sent: every order email has gone out.' };
}

/**
 * The order emails the shop's email server refused (decision 0048): how many, the error it gave,
 * their orders, and "Send them again" once the email settings are mended. Sending again changes
 * no order and no money: one tap, its outcome said beside the button.
 */
export function UnsentOrderEmailsCard({ unsent }: { unsent: UnsentOrderEmails }) {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useMutation({
    mutationFn: () =>
      adminJson<SendAgainOrderEmailsResponse>('POST', '/admin/order-emails/send-again', {}),
    onSuccess: ({ data }) => {
      setOutcome(outcomeOf(data));
      client.setQueryData<DashboardResponse>(['admin', 'dashboard'], (d) =>
        d ? { ...d, data: { ...d.data, unsent_order_emails: data.unsent } } : d,
      );
    },
    onError: (err) => setOutcome({ ok: false, text: errorText(err) }),
  });

  if (unsent.count === 0 && !outcome) return null;
  const feedback = outcome && (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      data-testid="send-again-outcome"
      className={`rounded-lg p-3 text-sm font-medium break-words ${outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
    >
      {outcome.text}
    </p>
  );
  if (unsent.count === 0) return <div className="mb-4">{feedback}</div>;
  const waiting = unsent.count - unsent.given_up;
  return (
    <section
      aria-labelledby="unsent-emails-title"
      data-testid="unsent-order-emails"
      className="mb-4 flex min-w-0 flex-col gap-2 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id="unsent-emails-title" className="text-base font-bold">
        {emails(unsent.count)} could not be sent
      </h2>
      <p>
        The shop’s email server refused them: order confirmations to customers or the shop’s own
        notices.{' '}
        {unsent.given_up === 0
          ? 'They are tried again by themselves for about 4 hours.'
          : waiting === 0
            ? 'They are no longer tried again by themselves.'
            : `${unsent.given_up} of them are no longer tried again by themselves.`}
      </p>
      {unsent.last_error && (
        <p>
          The email server said: <code className="break-all">{unsent.last_error}</code>
        </p>
      )}
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
      <p>
        Check the shop’s email settings (<code>SMTP_URL</code> on the server, see the deploying
        guide), then send them again.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          className="min-h-11 self-start px-4"
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {send.isPending ? 'Sending…' : 'Send them again'}
        </Button>
        {feedback}
      </div>
    </section>
  );
}
