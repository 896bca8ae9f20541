import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retentionSettingsSchema, type RetentionSettings } from '@shop/contracts';
import { RETENTION_SETTABLE } from '@shop/domain';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { fieldErrorsOf, useFocusFirstError } from './form-errors.ts';
import { useReportUnsaved } from './unsaved-changes.tsx';

const KEY = ['admin', 'settings', 'retention'];
type Answer = { isError: false; data: RetentionSettings };
type Values = Record<keyof RetentionSettings, string>;

const valuesOf = (s: RetentionSettings): Values => ({
  enquiry_retention_days: String(s.enquiry_retention_days),
  inactive_account_days: String(s.inactive_account_days),
});

/** A box as the API takes it: a number when it reads as one, else as typed (the API names it). */
const numberOf = (typed: string): number | string =>
  typed.trim() !== '' && Number.isFinite(Number(typed)) ? Number(typed) : typed;

/** The box's help, and its error first when it has one (TextField names the error `<id>-error`). */
const describedBy = (base: string, error: string | undefined) =>
  error ? `${base}-days-error ${base}-help` : `${base}-help`;

/**
 * The period in words, said first in the box's help: "That is about 2 years. " (months under a
 * year: 90 days is "about 3 months", not "0.2 years"); nothing when the box holds no number.
 */
const inWords = (days: string) => {
  const n = Number(days);
  if (days.trim() === '' || !Number.isFinite(n) || n <= 0) return '';
  if (n < 365) {
    const months = Math.max(1, Math.round(n / 30.4));
    return `That is about ${months} ${months === 1 ? 'month' : 'months'}. `;
  }
  const years = Math.round((n / 365) * 10) / 10;
  return `That is about ${years} ${years === 1 ? 'year' : 'years'}. `;
};

/**
 * Privacy: how long personal data is kept (issue 61 item 5; DPDP Act s.8(7)). The daily job
 * erases enquiries, contact messages and quote requests older than the first period, and customer
 * accounts not signed into for the second (each emailed 48 hours before).
 */
export function RetentionForm() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<Answer>('GET', '/admin/settings/retention'),
  });
  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!query.data) return null;
  return <RetentionEditor initial={query.data.data} />;
}

function RetentionEditor({ initial }: { initial: RetentionSettings }) {
  const client = useQueryClient();
  const [stored, setStored] = useState(() => valuesOf(initial));
  const [form, setForm] = useState(() => valuesOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { formRef, focusFirstError } = useFocusFirstError();
  const dirty =
    form.enquiry_retention_days !== stored.enquiry_retention_days ||
    form.inactive_account_days !== stored.inactive_account_days;
  useReportUnsaved('Privacy', dirty);
  const save = useMutation({
    mutationFn: (body: RetentionSettings) =>
      adminJson<Answer>('PUT', '/admin/settings/retention', body),
    onSuccess: (res) => {
      client.setQueryData(KEY, res);
      setStored(valuesOf(res.data));
      setForm(valuesOf(res.data));
    },
    onError: (err) => {
      if (err instanceof ServerError && err.field) {
        setErrors({ [err.field]: errorText(err) });
        focusFirstError();
      }
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = retentionSettingsSchema.safeParse({
      enquiry_retention_days: numberOf(form.enquiry_retention_days),
      inactive_account_days: numberOf(form.inactive_account_days),
    });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      focusFirstError();
      return;
    }
    setErrors({});
    save.mutate(checked.data);
  };
  const edit = (name: keyof Values) => (e: { target: { value: string } }) => {
    save.reset();
    setErrors(({ [name]: _gone, ...rest }) => rest);
    setForm((f) => ({ ...f, [name]: e.target.value }));
  };
  const range = `${RETENTION_SETTABLE.minDays} to ${RETENTION_SETTABLE.maxDays} days`;
  return (
    <form
      id="privacy"
      ref={formRef}
      onSubmit={submit}
      aria-labelledby="privacy-title"
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <h2 id="privacy-title" className="font-semibold text-slate-900">
        Privacy: how long data is kept
      </h2>
      <p className="text-sm text-slate-700">
        India&rsquo;s data law asks a shop to erase personal data once its purpose is served. Every
        day the shop erases what is older than these periods ({range}); orders and GST invoices are
        kept as tax law requires.
      </p>
      <div className="flex flex-col gap-1">
        <TextField
          label="Keep enquiries for (days)"
          name="enquiry_retention_days"
          inputMode="numeric"
          value={form.enquiry_retention_days}
          onChange={edit('enquiry_retention_days')}
          id="enquiry-retention-days"
          className="sm:w-40"
          error={errors.enquiry_retention_days}
          aria-describedby={describedBy('enquiry-retention', errors.enquiry_retention_days)}
        />
        <p id="enquiry-retention-help" className="text-sm text-slate-700">
          {inWords(form.enquiry_retention_days)}Contact messages, enquiries and quote requests older
          than this are erased, with their notes in the inbox.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <TextField
          label="Erase accounts not signed into for (days)"
          name="inactive_account_days"
          inputMode="numeric"
          value={form.inactive_account_days}
          onChange={edit('inactive_account_days')}
          id="inactive-account-days"
          className="sm:w-40"
          error={errors.inactive_account_days}
          aria-describedby={describedBy('inactive-account', errors.inactive_account_days)}
        />
        <p id="inactive-account-help" className="text-sm text-slate-700">
          {inWords(form.inactive_account_days)}A shopper&rsquo;s account (never staff&rsquo;s) is
          erased after this long without a sign-in: profile, addresses, cart, enquiries and
          consents. The shopper is emailed 48 hours before, and signing in keeps the account.
        </p>
      </div>
      <SaveBar
        label="Save privacy"
        pending={save.isPending}
        saved={save.isSuccess && !dirty}
        problem={
          save.error && !(save.error instanceof ServerError && save.error.field)
            ? errorText(save.error)
            : null
        }
      />
    </form>
  );
}
