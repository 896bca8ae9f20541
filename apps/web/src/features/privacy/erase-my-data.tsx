import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PrivacyErasure } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { authJson, errorText, ServerError } from '../../lib/api-request.ts';
import { formatIndiaDate } from '../../lib/india-dates.ts';

/** Where the shopper lands once the erasure is done and they are signed out. */
export const ERASED_PATH = '/data-erased';

/** The shop's records by their table names, in the shopper's words. */
const TABLE_WORDS: Record<string, string> = {
  users: 'Your account (profile)',
  addresses: 'Addresses',
  cart_lines: 'Cart',
  refresh_tokens: 'Sign-in sessions',
  device_tokens: 'Phones getting updates (push)',
  otp_codes: 'Sign-in codes',
  consents: 'Consents',
  leads: 'Contact messages',
  inquiries: 'Enquiries',
  quote_requests: 'Quote requests',
  admissions: 'Admissions',
  admission_aadhaar_reveals: 'Aadhaar views',
  admission_consent_requests: "Parents' consent requests",
  orders: 'Orders',
  order_lines: 'Order lines',
  order_timeline: 'Order timelines',
  order_emails: 'Order emails',
  order_utrs: 'UPI payment references',
  tax_documents: 'GST invoices and credit notes',
  payment_events: 'Payment records',
  refunds: 'Refunds',
  inbox_notes: "The shop's notes on your messages",
  inbox_states: "The shop's follow-up of your messages",
  audit_log: "The shop's activity log",
  erasure_requests: 'This erasure request',
};

/** A table's name as the shopper reads it. */
export function tableWords(table: string): string {
  return TABLE_WORDS[table] ?? table.replaceAll('_', ' ');
}

/** "7 Dec 2026", in India's time like the shop's orders and its admin inbox. */
export const erasureDate = (iso: string): string => formatIndiaDate(iso);

/** What one table gave up: "2 deleted", "1 kept with your details removed". */
export function erasedWords(row: { erased: number; anonymised: number }): string {
  const parts: string[] = [];
  if (row.erased > 0) parts.push(`${row.erased} deleted`);
  if (row.anonymised > 0) parts.push(`${row.anonymised} kept with your details removed`);
  return parts.join(', ') || 'nothing to remove';
}

/** The signed-in shopper's erasure request (null: none made), cached per account. */
export const erasureQuery = (userId: string) =>
  queryOptions({
    queryKey: ['privacy-erasure', userId] as const,
    queryFn: ({ signal }) =>
      authJson<{ data: PrivacyErasure | null }>('GET', '/privacy/erasure', undefined, signal).then(
        (r) => r.data,
      ),
  });

/** What was erased and what the law keeps, from the erasure's answer. */
export function ErasureOutcome({ erasure }: { erasure: PrivacyErasure }) {
  const erased = erasure.erased.filter((r) => r.erased > 0 || r.anonymised > 0);
  return (
    <div className="flex flex-col gap-4" data-testid="erasure-outcome">
      <div>
        <h3 className="font-semibold text-slate-900">Erased</h3>
        {erased.length === 0 ? (
          <p className="text-sm text-slate-800">There was nothing more to remove.</p>
        ) : (
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
            {erased.map((r) => (
              <li key={r.table}>
                {tableWords(r.table)}: {erasedWords(r)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Kept because the law requires it</h3>
        {erasure.kept.length === 0 ? (
          <p className="text-sm text-slate-800">Nothing: you had no GST invoices or orders.</p>
        ) : (
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
            {erasure.kept.map((k) => (
              <li key={k.table}>
                {tableWords(k.table)} ({k.rows}): {k.law}; kept {k.keep}, and used for nothing else.
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A request still waiting for open orders (or admissions) to finish. */
function Waiting({ erasure }: { erasure: PrivacyErasure }) {
  return (
    <div
      className="rounded-xl bg-amber-50 p-4 text-slate-900 ring-1 ring-amber-300"
      data-testid="erasure-waiting"
    >
      <p className="font-semibold">Your erasure request is waiting.</p>
      <p className="mt-1 text-sm">
        {erasure.waiting_for.length > 0
          ? `It will happen once ${erasure.waiting_for.length === 1 ? 'order' : 'orders'} ${erasure.waiting_for.join(', ')} ${erasure.waiting_for.length === 1 ? 'is' : 'are'} delivered or cancelled`
          : 'It will happen shortly'}
        , and by {erasureDate(erasure.due_at)} at the latest. Asked on{' '}
        {erasureDate(erasure.requested_at)}.
      </p>
      <p className="mt-1 text-sm">
        Until then the shop uses your details only to finish{' '}
        {erasure.waiting_for.length === 1 ? 'that order' : 'those orders'}.
      </p>
    </div>
  );
}

/**
 * "Erase my data" on the privacy page (DPDP Act 2023 s.12(3); issue 61 item 3): what erasure
 * removes and what the law keeps, a confirmation before anything happens (never one tap), then
 * POST /privacy/erasure. Done: the shopper is sent to a page showing what was erased and kept,
 * which signs them out here (the server ended every session). Waiting: the orders it waits for and the
 * date it is due by. An earlier request is shown instead of the button.
 */
export function EraseMyData({ userId }: { userId: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const current = useQuery({ ...erasureQuery(userId), enabled: userId !== '' });
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();

  const erase = useMutation({
    mutationFn: () =>
      authJson<{ data: PrivacyErasure }>('POST', '/privacy/erasure', { confirm: true }).then(
        (r) => r.data,
      ),
    onMutate: () => setProblem(undefined),
    onSuccess: async (erasure) => {
      setAsking(false);
      if (erasure.status === 'waiting') {
        client.setQueryData(erasureQuery(userId).queryKey, erasure);
        return;
      }
      // The erased page (public) forgets the session once it shows: cleared here, the guard of
      // this page could still send the shopper to the login before the new page is drawn.
      await navigate(ERASED_PATH, { replace: true, state: { erasure } });
    },
    onError: (error) => {
      setAsking(false);
      setProblem(
        error instanceof ServerError && error.status === 409
          ? errorText(error)
          : `Not erased: ${errorText(error)}`,
      );
      if (error instanceof ServerError && error.status === 409) {
        void client.invalidateQueries({ queryKey: erasureQuery(userId).queryKey });
      }
    },
  });

  const request = current.data;
  return (
    <section
      id="erase"
      aria-labelledby="erase-my-data-heading"
      className="scroll-mt-24 print:hidden"
      data-testid="erase-my-data"
    >
      <h2 id="erase-my-data-heading" className="text-lg font-bold text-slate-900">
        Erase my data
      </h2>
      <p className="mt-1 text-slate-800">
        Erasing deletes, or removes your details from, everything this shop keeps about your
        account: your profile, addresses, cart, enquiries, quote requests, admissions, sign-in
        sessions and phones getting updates.
      </p>
      <p className="mt-2 text-slate-800">
        The law makes the shop keep your GST invoices and the order records behind them for 8 years
        (CGST Act 2017 s.36), used for nothing else. If an order is still on its way, erasure waits
        until it is delivered or cancelled.
      </p>
      <p className="mt-2 font-semibold text-slate-900">
        It cannot be undone, and you will be signed out.
      </p>

      {current.isPending ? (
        <p className="mt-3 text-slate-700">Checking for an earlier request…</p>
      ) : current.isError ? (
        <p role="alert" className="mt-3 text-red-800">
          {errorText(current.error)}
        </p>
      ) : request?.status === 'waiting' ? (
        <div className="mt-3">
          <Waiting erasure={request} />
        </div>
      ) : request?.status === 'done' ? (
        <div className="mt-3">
          <p className="font-semibold text-slate-900">
            Your data was erased on {erasureDate(request.done_at ?? request.requested_at)}.
          </p>
          <ErasureOutcome erasure={request} />
        </div>
      ) : (
        <div className="mt-3 flex flex-col items-start gap-2">
          <Button
            onClick={() => setAsking(true)}
            disabled={erase.isPending}
            aria-describedby={problem ? 'erase-problem' : undefined}
          >
            Erase my data
          </Button>
        </div>
      )}
      {problem && (
        <p id="erase-problem" role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      )}

      <Modal title="Erase your data?" open={asking} onClose={() => setAsking(false)}>
        <div className="flex flex-col gap-3 text-slate-800">
          <p>
            Your profile, addresses, cart, enquiries, quote requests, admissions, sign-in sessions
            and phones getting updates will be deleted or have your details removed.
          </p>
          <p>
            Your GST invoices and the order records behind them are kept for 8 years, as the CGST
            Act 2017 s.36 requires, and used for nothing else. Orders still on their way are
            finished first.
          </p>
          <p className="font-semibold text-slate-900">
            This cannot be undone. You will be signed out on every device.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Keep my data
            </Button>
            <button
              type="button"
              className="inline-flex min-h-tap min-w-tap items-center justify-center rounded-lg bg-red-700 px-3 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
              disabled={erase.isPending}
              onClick={() => erase.mutate()}
            >
              {erase.isPending ? 'Erasing…' : 'Yes, erase my data'}
            </button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
