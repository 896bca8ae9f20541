import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  CONSENT_PURPOSE_TEXT,
  WITHDRAW_CONSENT_PATH,
  type ConsentPurpose,
  type ConsentSource,
  type PrivacyNoticeForm,
} from '@shop/domain';
import { errorText } from '../../lib/api-request.ts';
import { useChangeConsent, useConsents } from '../../lib/consents-api.ts';
import { PrivacyNotice } from './privacy-notice.tsx';

/**
 * The notice of what a purpose's consent takes and what for (DPDP Rules 2025 rule 3; issue 61
 * item 1): offers by email and WhatsApp updates are the "updates" opt-in, push its own. The
 * course's photos are asked on the admission form, whose own notice stands above the box.
 */
export const CONSENT_NOTICE: Record<ConsentPurpose, PrivacyNoticeForm | null> = {
  marketing_email: 'updates',
  whatsapp_updates: 'updates',
  push: 'push',
  course_photos: null,
};

/**
 * An optional consent on a form (DPDP Act 2023; issue 61 item 2): unticked unless the shopper
 * ticks it, saying what it covers and where to withdraw it, with the notice of its purpose
 * (`CONSENT_NOTICE`). Leaving it unticked changes nothing about the order, account or admission.
 */
export function ConsentBox({
  purpose,
  checked,
  onChange,
  disabled = false,
  status,
  className = '',
}: {
  purpose: ConsentPurpose;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A line under the box (saved, or why not), read out when it changes. */
  status?: string | undefined;
  className?: string;
}) {
  const id = useId();
  const text = CONSENT_PURPOSE_TEXT[purpose];
  const notice = CONSENT_NOTICE[purpose];
  return (
    <div className={`text-sm text-slate-800 ${className}`} data-consent={purpose}>
      <label htmlFor={id} className="flex min-h-tap cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="size-6 shrink-0 accent-orange-700"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-covers`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="font-semibold text-slate-900">
          {text.label} <span className="font-normal text-slate-700">(optional)</span>
        </span>
      </label>
      <p id={`${id}-covers`} className="pl-9 text-slate-700">
        {text.covers} You can withdraw it any time in{' '}
        <Link to={WITHDRAW_CONSENT_PATH} className="font-semibold underline">
          My account → Privacy
        </Link>
        .
      </p>
      {notice && <PrivacyNotice form={notice} className="mt-1 ml-9" />}
      <p aria-live="polite" className="pl-9 text-slate-700 empty:hidden">
        {status}
      </p>
    </div>
  );
}

/**
 * A consent box for a signed-in shopper (checkout's WhatsApp updates, the admission's photos):
 * ticking it gives the consent at once on the form `source`, unticking withdraws it; it shows
 * the consent as it stands (unticked when never given).
 */
export function LiveConsentBox({
  userId,
  purpose,
  source,
  className,
}: {
  userId: string;
  purpose: ConsentPurpose;
  source: ConsentSource;
  className?: string;
}) {
  const { data } = useConsents(userId);
  const change = useChangeConsent(userId);
  const [status, setStatus] = useState<string>();
  const granted = data?.find((s) => s.purpose === purpose)?.granted ?? false;
  return (
    <ConsentBox
      purpose={purpose}
      checked={change.isPending ? (change.variables?.give ?? granted) : granted}
      disabled={change.isPending}
      status={status}
      {...(className !== undefined && { className })}
      onChange={(give) => {
        change.mutate(
          { purpose, give, source },
          {
            onSuccess: (answer) => setStatus(give ? 'Saved.' : answer.message),
            onError: (error) => setStatus(`Not saved: ${errorText(error)}`),
          },
        );
      }}
    />
  );
}
