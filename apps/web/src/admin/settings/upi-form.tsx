import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MANUAL_UPI_MESSAGES,
  upiSettingsSchema,
  type UpiSettingsInput,
  type UpiSettingsResponse,
  type UpiSettingsView,
} from '@shop/contracts';
import { checkUpiQr, parseUpiPayLink } from '@shop/domain';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fieldClass, TextField } from '../../components/ui/text-field.tsx';
import { UpiQrCard } from '../../components/payment/upi-qr-card.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { uploadImages } from '../lib/image-upload.ts';
import { fieldErrorsOf, useFocusFirstError } from './form-errors.ts';
import { readQrImage } from './read-qr-image.ts';
import { afterSave } from './profile-form.tsx';
import { useReportUnsaved } from './unsaved-changes.tsx';

const KEY = ['admin', 'settings', 'upi'];
const PATH = '/admin/settings/upi';

/** Which QR code shoppers scan: one made for each order, or the shop's own uploaded one. */
type QrChoice = 'generated' | 'own';

interface Values {
  upi_id: string;
  payee_name: string;
  enabled: boolean;
  qr: QrChoice;
}

const toValues = (v: UpiSettingsView): Values => ({
  upi_id: v.upi_id,
  payee_name: v.payee_name,
  enabled: v.enabled,
  qr: v.qr_image ? 'own' : 'generated',
});

const OWN_QR_MISSING = 'Upload your shop’s QR code, or choose a QR code made for each order.';

/**
 * Manual UPI payment (the spec's paymanual, decision 0039): the shop's UPI ID and payee name,
 * which QR code shoppers scan (one made for each order's amount, or the shop's own merchant QR,
 * read here and on the server to check it pays the same UPI ID), whether checkout offers "Pay
 * by UPI", a preview of what the shopper sees and a ₹1 test payment to the saved UPI ID.
 */
export function UpiForm() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<UpiSettingsResponse>('GET', PATH),
  });
  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!query.data) return null;
  return <UpiEditor initial={query.data.data} />;
}

function UpiEditor({ initial }: { initial: UpiSettingsView }) {
  const client = useQueryClient();
  const [stored, setStored] = useState(initial);
  const [form, setForm] = useState(() => toValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reading, setReading] = useState(false);
  const [qrNote, setQrNote] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const { formRef, focusFirstError } = useFocusFirstError();
  const fileId = useId();
  const dirty = JSON.stringify(form) !== JSON.stringify(toValues(stored));
  useReportUnsaved('UPI payments', dirty);

  const took = (res: UpiSettingsResponse) => {
    client.setQueryData(KEY, res);
    setStored(res.data);
  };
  const fail = (err: unknown) => {
    if (err instanceof ServerError && err.field) {
      setErrors({ [err.field]: errorText(err) });
      focusFirstError();
    }
  };
  const body = (v: Values): UpiSettingsInput => ({
    upi_id: v.upi_id,
    payee_name: v.payee_name,
    enabled: v.enabled,
    qr_image: v.qr === 'own' ? stored.qr_image : '',
  });
  const save = useMutation({
    mutationFn: (v: Values) => adminJson<UpiSettingsResponse>('PUT', PATH, body(v)),
    onSuccess: (res, sent) => {
      took(res);
      setForm((current) => afterSave(current, sent, toValues(res.data)));
    },
    onError: fail,
  });
  const upload = useMutation({
    mutationFn: ({ file, upiId }: { file: File; upiId: string }) =>
      uploadImages<UpiSettingsResponse>(`${PATH}/qr?upi_id=${encodeURIComponent(upiId)}`, [file]),
    onSuccess: (res) => {
      took(res);
      // The QR and its UPI ID are saved; the other boxes keep what is typed, unsaved.
      setForm((f) => ({
        ...f,
        upi_id: res.data.upi_id,
        qr: 'own',
        payee_name: f.payee_name || res.data.payee_name,
      }));
      setQrNote('Your QR code is saved: it pays the UPI ID above.');
    },
    onError: fail,
  });

  const change = (patch: Partial<Values>) => {
    save.reset();
    setQrNote(null);
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k === 'qr' ? 'qr_image' : k];
      return next;
    });
    setForm((f) => ({ ...f, ...patch }));
  };

  const pickQr = async (file: File | undefined) => {
    if (!file) return;
    save.reset();
    setQrNote(null);
    setErrors(({ qr_image: _old, ...rest }) => rest);
    setReading(true);
    const text = await readQrImage(file).finally(() => setReading(false));
    // With no UPI ID typed yet, the QR's own is taken (and shown in the box once saved).
    const upiId = form.upi_id.trim() || (text && parseUpiPayLink(text)?.upiId) || '';
    // Checked here first (the server checks again): a QR of another UPI ID is never uploaded.
    const check = checkUpiQr(text, upiId);
    if (!check.ok) {
      setErrors((e) => ({ ...e, qr_image: check.message }));
      focusFirstError();
      return;
    }
    upload.mutate({ file, upiId });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = upiSettingsSchema.safeParse(body(form));
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    // The contract checks the payee only once the UPI ID passes: say both at once here.
    if (form.enabled && !form.payee_name.trim()) {
      found.payee_name ??= MANUAL_UPI_MESSAGES.needsPayee;
    }
    if (form.qr === 'own' && !stored.qr_image) found.qr_image = OWN_QR_MISSING;
    if (Object.keys(found).length > 0) {
      save.reset();
      setErrors(found);
      focusFirstError();
      return;
    }
    setErrors({});
    save.mutate(form);
  };

  const test = stored.test_payment;
  const busy = save.isPending || upload.isPending || reading;
  const fieldError = errors.qr_image;
  return (
    <form
      id="upi"
      ref={formRef}
      onSubmit={submit}
      aria-labelledby="upi-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 [&_[aria-invalid]]:scroll-mt-24 [&_[aria-invalid]]:scroll-mb-32"
      noValidate
    >
      <h2 id="upi-title" className="font-semibold text-slate-900">
        UPI payments (no gateway fee)
      </h2>
      <p className="text-sm text-slate-700">
        Customers pay the order total straight to your UPI ID by QR code or their UPI app and type
        the payment&apos;s 12-digit UTR. Each order waits, holding its stock, until you or your
        staff confirm the money is in your bank (Orders → the order → Confirm payment).
      </p>
      <TextField
        label="UPI ID"
        placeholder="yourshop@okhdfcbank"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={form.upi_id}
        error={errors.upi_id}
        required={form.enabled}
        aria-required={form.enabled}
        onChange={(e) => change({ upi_id: e.target.value })}
      />
      <TextField
        label="Payee name (as your bank shows it)"
        autoComplete="off"
        value={form.payee_name}
        maxLength={60}
        error={errors.payee_name}
        required={form.enabled}
        aria-required={form.enabled}
        onChange={(e) => change({ payee_name: e.target.value })}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          The QR code shoppers scan
        </legend>
        <label className="flex min-h-11 items-start gap-3 text-base text-slate-900">
          <input
            type="radio"
            name="upi-qr"
            className="mt-1 size-5 shrink-0 accent-orange-700"
            checked={form.qr === 'generated'}
            onChange={() => change({ qr: 'generated' })}
          />
          <span>
            A QR code made for each order
            <span className="block text-sm text-slate-700">
              It carries the order&apos;s amount and number, so shoppers type nothing.
            </span>
          </span>
        </label>
        <label className="flex min-h-11 items-start gap-3 text-base text-slate-900">
          <input
            type="radio"
            name="upi-qr"
            className="mt-1 size-5 shrink-0 accent-orange-700"
            checked={form.qr === 'own'}
            onChange={() => change({ qr: 'own' })}
          />
          <span>
            My shop&apos;s own QR code
            <span className="block text-sm text-slate-700">
              The merchant QR from your bank or UPI app (as on your counter). Shoppers type the
              amount themselves.
            </span>
          </span>
        </label>
        {form.qr === 'own' && (
          <div className="flex flex-col gap-2 rounded-lg p-3 ring-1 ring-slate-200">
            {stored.qr_image && (
              <img
                src={stored.qr_image}
                alt="Your shop’s saved QR code"
                width={128}
                height={128}
                className="size-32 rounded bg-white object-contain ring-1 ring-slate-200"
              />
            )}
            <label htmlFor={fileId} className="text-sm font-semibold text-slate-800">
              {stored.qr_image ? 'Upload another QR code' : 'Upload your QR code'}
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/*"
              capture="environment"
              disabled={busy}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${fileId}-hint${fieldError ? ` ${fileId}-error` : ''}`}
              className={`${fieldClass} py-2`}
              onChange={(e) => {
                void pickQr(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <p id={`${fileId}-hint`} className="text-sm text-slate-700">
              Take a photo of the QR code, or choose the QR image saved from your bank&apos;s app.
              It must pay the UPI ID above (left empty, the QR&apos;s UPI ID is taken).
            </p>
            {(reading || upload.isPending) && (
              <p role="status" className="text-sm text-slate-700">
                {reading ? 'Reading the QR code…' : 'Saving your QR code…'}
              </p>
            )}
            {fieldError && (
              <p id={`${fileId}-error`} className="text-sm font-medium text-red-700">
                {fieldError}
              </p>
            )}
            {qrNote && (
              <p role="status" className="text-sm font-semibold text-green-800">
                {qrNote}
              </p>
            )}
          </div>
        )}
        {form.qr !== 'own' && fieldError && (
          <p className="text-sm font-medium text-red-700">{fieldError}</p>
        )}
      </fieldset>
      <label className="flex min-h-11 items-start gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-orange-700"
          checked={form.enabled}
          onChange={(e) => change({ enabled: e.target.checked })}
        />
        <span>
          Offer &ldquo;Pay by UPI&rdquo; at checkout
          <span className="block text-sm text-slate-700">
            It comes first among the payment modes, before Pay now and Pay on delivery.
          </span>
        </span>
      </label>
      {test && (
        <section
          aria-labelledby="upi-preview-title"
          className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3"
        >
          <h3 id="upi-preview-title" className="font-semibold text-slate-900">
            What shoppers see (saved settings, a ₹1 test order)
          </h3>
          <UpiQrCard
            payment={{ ...test, qr_image: stored.qr_image }}
            copied={copied}
            onCopy={() => {
              void navigator.clipboard
                ?.writeText(test.upi_id)
                .then(() => setCopied(true))
                .catch(() => setCopied(false));
            }}
          />
          <p className="text-sm text-slate-700">
            Check the UPI ID before shoppers pay: send yourself ₹1. Scan{' '}
            {stored.qr_image ? 'your QR code above' : 'the QR code above'} with another phone, or on
            this phone open{' '}
            <a
              href={test.link}
              className="font-semibold text-orange-800 underline"
              data-testid="upi-test-link"
            >
              the ₹1 test payment
            </a>{' '}
            in your UPI app. The app should show {test.payee_name || 'your name'}, and the ₹1 should
            reach your bank account with the note &ldquo;{test.note}&rdquo;.
          </p>
        </section>
      )}
      <SaveBar
        label="Save UPI settings"
        pending={save.isPending}
        saved={save.isSuccess && !dirty}
        problem={
          save.error && !(save.error instanceof ServerError && save.error.field)
            ? errorText(save.error)
            : upload.error && !(upload.error instanceof ServerError && upload.error.field)
              ? errorText(upload.error)
              : Object.keys(errors).length > 0
                ? 'Some fields need a look: see the messages beside them.'
                : null
        }
      />
    </form>
  );
}
