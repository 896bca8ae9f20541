import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type {
  Dashboard,
  DashboardResponse,
  SendAgainOrderEmailsResponse,
  SendAgainShopNoticesResponse,
} from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';

/** The dashboard's figures of refused emails, one per kind, and the answer of sending them again. */
interface SendAgainAnswers {
  unsent_order_emails: SendAgainOrderEmailsResponse;
  unsent_shop_notices: SendAgainShopNoticesResponse;
}
type RefusedKey = keyof SendAgainAnswers;

interface Outcome {
  ok: boolean;
  text: string;
}

/** What a press of "Send them again" did, said next to the button. */
function outcomeOf(
  r: SendAgainAnswers[RefusedKey]['data'],
  noun: (n: number) => string,
  allGone: string,
): Outcome {
  if (r.unsent.count > 0) {
    return {
      ok: false,
      text: `Still not sent: ${r.unsent.last_error ?? 'the email server refused'}`,
    };
  }
  if (r.sending > 0) {
    return { ok: true, text: `${noun(r.sending)} still being sent; this page updates shortly.` };
  }
  return { ok: true, text: `Sent: ${allGone}` };
}

export interface RefusedEmailsCardProps<K extends RefusedKey> {
  /** The dashboard's figure this card shows, and which the answer of sending again replaces. */
  field: K;
  unsent: Dashboard[K];
  /** The route that sends them again (under /api). */
  path: string;
  /** "3 order emails". */
  noun: (n: number) => string;
  /** What the outcome says once every one has gone ("every order email has gone out."). */
  allGone: string;
  testId: string;
  /** What they are and why they matter, after the title. */
  children: ReactNode;
}

/**
 * A kind of email the shop's email server refused: how many, whether they are still retried, the
 * error it gave, what the caller adds, and "Send them again" once the email settings are mended.
 * Sending again changes no order and no money: one tap, its outcome said beside the button (and
 * kept after the card goes, when all went).
 */
export function RefusedEmailsCard<K extends RefusedKey>(p: RefusedEmailsCardProps<K>) {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send = useMutation({
    mutationFn: () => adminJson<SendAgainAnswers[K]>('POST', p.path, {}),
    onSuccess: ({ data }) => {
      setOutcome(outcomeOf(data, p.noun, p.allGone));
      client.setQueryData<DashboardResponse>(['admin', 'dashboard'], (d) =>
        d ? { ...d, data: { ...d.data, [p.field]: data.unsent } } : d,
      );
    },
    onError: (err) => setOutcome({ ok: false, text: errorText(err) }),
  });

  const { unsent } = p;
  if (unsent.count === 0 && !outcome) return null;
  const feedback = outcome && (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      data-testid={`${p.testId}-outcome`}
      className={`rounded-lg p-3 text-sm font-medium break-words ${outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
    >
      {outcome.text}
    </p>
  );
  if (unsent.count === 0) return feedback;
  const waiting = unsent.count - unsent.given_up;
  const titleId = `${p.testId}-title`;
  return (
    <section
      aria-labelledby={titleId}
      data-testid={p.testId}
      className="flex min-w-0 flex-col gap-2 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id={titleId} className="text-base font-bold">
        {p.noun(unsent.count)} could not be sent
      </h2>
      {p.children}
      <p>
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
