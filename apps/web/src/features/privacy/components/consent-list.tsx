import { useState } from 'react';
import type { ConsentRecord, ConsentStatus } from '@shop/contracts';
import { CONSENT_PURPOSE_TEXT, type ConsentPurpose, type ConsentSource } from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/api-request.ts';
import { useChangeConsent, useConsents } from '../../../lib/consents-api.ts';

const SOURCE_LABEL: Record<ConsentSource, string> = {
  sign_up: 'sign-up',
  privacy_page: 'this page',
  checkout: 'checkout',
  push_opt_in: '"Get updates on this phone"',
  admission: 'the admission form',
};

/** "7 Dec 2026, 19:40" in the shopper's time zone (the day first, as India writes it). */
export function consentTime(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

function standingLine(r: ConsentRecord) {
  return `Given ${consentTime(r.given_at)} on ${SOURCE_LABEL[r.source]}, under privacy notice version ${r.notice_version}.`;
}

function ConsentItem({ status, userId }: { status: ConsentStatus; userId: string }) {
  const change = useChangeConsent(userId);
  const [said, setSaid] = useState<string>();
  const text = CONSENT_PURPOSE_TEXT[status.purpose];
  const headingId = `consent-${status.purpose}`;
  const act = (purpose: ConsentPurpose, give: boolean) =>
    change.mutate(
      { purpose, give, source: 'privacy_page' },
      {
        onSuccess: (answer) => setSaid(answer.message),
        onError: (error) => setSaid(`Not changed: ${errorText(error)}`),
      },
    );
  const { latest } = status;
  return (
    <li
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-labelledby={headingId}
      data-consent-purpose={status.purpose}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {text.label}
          </h3>
          <p className="text-sm text-slate-700">{text.covers}</p>
          <p className="mt-1 text-sm text-slate-800">
            {status.granted && latest ? (
              <>
                <strong className="text-green-800">On.</strong> {standingLine(latest)}
              </>
            ) : latest?.withdrawn_at ? (
              <>
                <strong>Off.</strong> Withdrawn {consentTime(latest.withdrawn_at)}.
              </>
            ) : (
              <>
                <strong>Off.</strong> Never given.
              </>
            )}
          </p>
        </div>
        <Button
          variant={status.granted ? 'secondary' : 'primary'}
          disabled={change.isPending}
          aria-describedby={headingId}
          onClick={() => act(status.purpose, !status.granted)}
        >
          {status.granted ? 'Withdraw' : 'Give consent'}
        </Button>
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-semibold text-slate-900 empty:hidden">
        {said}
      </p>
    </li>
  );
}

/**
 * The shopper's consents (issue 61 item 2): each purpose with when it was given and under which
 * notice version, withdrawn with one tap (a line then says what stopped) and given again here.
 */
export function ConsentList({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useConsents(userId);
  return (
    <section
      id="consents"
      aria-labelledby="consents-heading"
      className="flex scroll-mt-24 flex-col gap-3"
    >
      <div>
        <h2 id="consents-heading" className="text-lg font-bold text-slate-900">
          Your consents
        </h2>
        <p className="text-sm text-slate-700">
          What your orders need (your address, phone and email) is used to deliver them and needs no
          consent. These are optional: each is off until you turn it on, and stops at once when you
          withdraw it.
        </p>
      </div>
      {isPending ? (
        <p className="text-slate-700">Loading your consents...</p>
      ) : isError ? (
        <p role="alert" className="text-red-800">
          {errorText(error)}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.map((s) => (
            <ConsentItem key={s.purpose} status={s} userId={userId} />
          ))}
        </ul>
      )}
    </section>
  );
}
