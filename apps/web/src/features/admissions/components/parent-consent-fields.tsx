import type { UseFormRegister } from 'react-hook-form';
import type { Admission } from '@shop/contracts';
import { TextField } from '../../../components/ui/text-field.tsx';

/** The form's fields this section registers. */
interface ConsentFormValues {
  consentMethod: '' | 'declared' | 'email';
  parentEmail: string;
}

/**
 * A student under 18 (DPDP Act 2023 s.9; issue 61 item 4): how a parent consents. The account
 * holder says they are the parent or guardian, or the shop emails the parent a link to consent
 * from their own account. Nothing is sent to the academy, and nothing can be paid, before that.
 */
export function ParentConsentFields<T extends ConsentFormValues>({
  register,
  method,
  errors,
}: {
  register: UseFormRegister<T>;
  method: string;
  errors: { method: string | undefined; parentEmail: string | undefined };
}) {
  const reg = register as unknown as UseFormRegister<ConsentFormValues>;
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:col-span-2"
      aria-describedby={errors.method ? 'consent-method-error' : 'consent-why'}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">A parent&apos;s consent</legend>
      <p id="consent-why" className="text-sm text-slate-800">
        The student is under 18: the law needs a parent&apos;s consent before the academy uses their
        details. The form is sent to the academy, and can be paid, once a parent consents.
      </p>
      <label className="flex min-h-11 items-start gap-3 text-sm text-slate-900">
        <input
          type="radio"
          value="declared"
          className="mt-0.5 size-5 accent-orange-700"
          {...reg('consentMethod')}
        />
        <span>
          I am the student&apos;s parent or legal guardian, 18 or older, and I consent to this
          admission.
        </span>
      </label>
      <label className="flex min-h-11 items-start gap-3 text-sm text-slate-900">
        <input
          type="radio"
          value="email"
          className="mt-0.5 size-5 accent-orange-700"
          {...reg('consentMethod')}
        />
        <span>Ask a parent to consent from their own account (we email them a link).</span>
      </label>
      {errors.method && (
        <p id="consent-method-error" className="text-sm font-medium text-red-700">
          {errors.method}
        </p>
      )}
      {method === 'email' && (
        <TextField
          label="Parent's email"
          type="email"
          autoComplete="off"
          error={errors.parentEmail}
          {...reg('parentEmail')}
        />
      )}
    </fieldset>
  );
}

/** Where a saved admission stands with the parent's consent (shown above the form). */
export function ConsentStatus({ admission }: { admission: Admission }) {
  if (admission.status === 'awaiting_parent_consent') {
    return (
      <p
        role="status"
        className="rounded-xl bg-amber-50 p-3 text-sm text-slate-900 ring-1 ring-amber-200 sm:col-span-2"
      >
        <strong>Waiting for a parent&apos;s consent.</strong>{' '}
        {admission.consentRequestedTo
          ? `We emailed ${admission.consentRequestedTo} a link to consent from their own account. `
          : 'Choose below how a parent consents. '}
        The form is sent to the academy, and the course can be paid, once a parent consents.
      </p>
    );
  }
  if (!admission.parentConsent) return null;
  return (
    <p className="rounded-xl bg-emerald-50 p-3 text-sm text-slate-900 ring-1 ring-emerald-200 sm:col-span-2">
      Parent&apos;s consent recorded on {admission.parentConsent.at.slice(0, 10)} (
      {admission.parentConsent.method === 'declared'
        ? 'declared by you as the parent or guardian'
        : "given from the parent's own account"}
      ).
    </p>
  );
}
