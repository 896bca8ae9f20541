import { lazy, Suspense, useState } from 'react';
import type { PrivacyNoticeForm } from '@shop/domain';

/**
 * The notice's body (its texts, the language toggle, the shop's grievance contact), loaded the
 * first time a notice is opened: the texts of every form in two languages stay out of each
 * page's first load (scripts/js-budget.ts).
 */
const PrivacyNoticeBody = lazy(() => import('./privacy-notice-body.tsx'));

/**
 * The privacy notice at a point of collection (DPDP Rules 2025 rule 3; issue 61 item 1): a
 * "How we use this" line that opens, in place, what this form takes and what for, in English or
 * Hindi, with the shopper's rights, the links to withdraw consent, the privacy page and the
 * Data Protection Board, and the shop's grievance officer. The texts are `PRIVACY_NOTICE_TEXTS`
 * of @shop/domain (one place).
 */
export function PrivacyNotice({
  form,
  className = '',
}: {
  form: PrivacyNoticeForm;
  className?: string;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className={`group rounded-lg border border-slate-200 bg-slate-50 text-sm text-slate-800 ${className}`}
      data-privacy-notice={form}
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="flex min-h-tap cursor-pointer list-none items-center gap-2 rounded-lg px-3 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-700 [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 shrink-0 fill-current text-slate-600"
        >
          <path d="M10 1.5 3 4v5c0 4.3 3 8.2 7 9.5 4-1.3 7-5.2 7-9.5V4l-7-2.5Zm0 4a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm1 9H9V9h2v5.5Z" />
        </svg>
        <span className="flex-1">How we use this</span>
        <span
          aria-hidden="true"
          className="text-slate-600 transition-transform group-open:rotate-180"
        >
          ▾
        </span>
      </summary>
      {opened && (
        <Suspense fallback={<p className="px-3 pb-3 text-slate-600">Loading…</p>}>
          <PrivacyNoticeBody form={form} />
        </Suspense>
      )}
    </details>
  );
}
