import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  storeProfileFieldsSchema,
  type PageMeta,
  type PincodePlaceResponse,
  type StoreProfile,
  type StoreProfileResponse,
} from '@shop/contracts';
import { PINCODE_PATTERN } from '@shop/domain';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { STORE_ID } from '../../lib/api-client.ts';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { ImageUploadField } from '../lib/image-upload-field.tsx';
import { fieldErrorsOf, useFocusFirstError } from './form-errors.ts';
import { useReportUnsaved } from './unsaved-changes.tsx';

const KEY = ['admin', 'settings', 'profile'];

/** The form's values: every box as typed (numbers too), sent as the API's fields. */
type Values = Record<
  Exclude<keyof StoreProfile, 'configured' | 'state' | 'gst_state_code'>,
  string
>;

const toValues = (p: StoreProfile): Values => ({
  name: p.name,
  logo: p.logo,
  color: p.color,
  email: p.email,
  phone: p.phone,
  whatsapp_number: p.whatsapp_number,
  legal_name: p.legal_name,
  gstin: p.gstin,
  invoice_address: p.invoice_address,
  office_address: p.office_address,
  office_pincode: p.office_pincode,
  office_latitude: p.office_latitude === null ? '' : String(p.office_latitude),
  office_longitude: p.office_longitude === null ? '' : String(p.office_longitude),
  road_factor: String(p.road_factor),
  notification_email: p.notification_email,
  low_stock_threshold: String(p.low_stock_threshold),
  delivery_percentage: String(p.delivery_percentage),
  grievance_officer_name: p.grievance_officer_name,
  grievance_officer_email: p.grievance_officer_email,
  grievance_officer_phone: p.grievance_officer_phone,
});

/** A number box as the API takes it: a number, null when empty, else as typed (the API names it). */
const numberOf = (typed: string): number | string | null => {
  const t = typed.trim();
  if (t === '') return null;
  return Number.isFinite(Number(t)) ? Number(t) : t;
};

const toFields = (v: Values) => ({
  ...v,
  office_latitude: numberOf(v.office_latitude),
  office_longitude: numberOf(v.office_longitude),
  // Left empty: the usual allowance, not a refusal.
  road_factor: numberOf(v.road_factor.trim() === '' ? DEFAULT_ROAD_FACTOR : v.road_factor),
  low_stock_threshold: numberOf(v.low_stock_threshold),
  delivery_percentage: numberOf(v.delivery_percentage),
});

/** Where a pincode is (the office is placed at its centre unless a position is typed). */
function usePincodePlace(pincode: string) {
  return useQuery({
    queryKey: ['admin', 'settings', 'pincode', pincode],
    queryFn: () =>
      adminJson<PincodePlaceResponse>(
        'GET',
        `/admin/settings/pincode/${encodeURIComponent(pincode)}`,
      ),
    enabled: PINCODE_PATTERN.test(pincode),
    retry: false,
    staleTime: Infinity,
  });
}

/** The boxes a profile cannot be saved without (marked, and `required` for assistive tech). */
const REQUIRED: ReadonlySet<keyof Values> = new Set([
  'name',
  'legal_name',
  'office_address',
  'office_pincode',
]);

/** Roads are this much longer than a straight line in most Indian towns (the API's default). */
const DEFAULT_ROAD_FACTOR = '1.3';

/**
 * After a save, the saved values replace the boxes that still hold what was sent; a box edited
 * while the save was on its way keeps the newer typing (and stays unsaved).
 */
export function afterSave<V extends object>(current: V, sent: V, saved: V): V {
  const out = { ...current };
  for (const k of Object.keys(saved) as (keyof V)[]) {
    if (current[k] === sent[k]) out[k] = saved[k];
  }
  return out;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <legend className="pr-2 font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The store's profile: who the shop is, who sells for GST, where the office is, order knobs. */
export function ProfileForm() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<StoreProfileResponse>('GET', '/admin/settings/profile'),
  });
  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!query.data) return <p className="text-slate-700">Loading the profile…</p>;
  return <Profile initial={query.data.data} />;
}

function Profile({ initial }: { initial: StoreProfile }) {
  const client = useQueryClient();
  const [stored, setStored] = useState(initial);
  const [form, setForm] = useState(() => toValues(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { formRef, focusFirstError } = useFocusFirstError();
  const dirty = JSON.stringify(form) !== JSON.stringify(toValues(stored));
  useReportUnsaved('Store profile', dirty);
  const save = useMutation({
    mutationFn: (v: Values) =>
      adminJson<StoreProfileResponse>('PUT', '/admin/settings/profile', toFields(v)),
    onSuccess: (res, sent) => {
      client.setQueryData(KEY, res);
      setStored(res.data);
      setForm((current) => afterSave(current, sent, toValues(res.data)));
      // The admin's header shows the name from the storefront's page meta, which a browser may
      // keep for a minute (max-age): it takes the saved name now.
      client.setQueryData<PageMeta>(['meta', STORE_ID], (meta) =>
        meta ? { ...meta, store_name: res.data.name, store_logo: res.data.logo } : meta,
      );
    },
    onError: (err) => {
      if (err instanceof ServerError && err.field) {
        setErrors({ [err.field]: errorText(err) });
        focusFirstError();
      }
    },
  });
  const edit = (k: keyof Values, value: string) => {
    save.reset();
    setErrors(({ [k]: _fixed, ...rest }) => rest);
    setForm((f) => ({ ...f, [k]: value }));
  };
  const set = (k: keyof Values) => (e: { target: { value: string } }) => edit(k, e.target.value);
  const err = (name: keyof Values) => errors[name];
  const field = (
    name: keyof Values,
    label: string,
    extra: Record<string, string | boolean> = {},
  ) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      onChange={set(name)}
      error={err(name)}
      {...(REQUIRED.has(name) ? { required: true, 'aria-required': true } : {})}
      {...extra}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Every problem at once, beside its box; the first one scrolled to and focused.
    const checked = storeProfileFieldsSchema.safeParse(toFields(form));
    if (!checked.success) {
      save.reset();
      setErrors(fieldErrorsOf(checked.error.issues));
      focusFirstError();
      return;
    }
    setErrors({});
    // A position not typed is the pincode's centre (null): a new pincode moves the office.
    save.mutate(typedPosition ? form : { ...form, office_latitude: '', office_longitude: '' });
  };
  const colour = /^#[0-9a-f]{6}$/i.test(form.color) ? form.color.toLowerCase() : '#000000';
  const colourId = useId();
  const pincode = form.office_pincode.trim();
  const place = usePincodePlace(pincode);
  // The position the server placed at the saved pincode's centre was not typed by the owner.
  const savedPlace = usePincodePlace(stored.office_pincode);
  const atCentreOf = (p: typeof place) =>
    p.data !== undefined &&
    Number(form.office_latitude) === p.data.data.latitude &&
    Number(form.office_longitude) === p.data.data.longitude;
  const typedPosition =
    (form.office_latitude.trim() !== '' || form.office_longitude.trim() !== '') &&
    !atCentreOf(place) &&
    !atCentreOf(savedPlace);
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form
      id="profile"
      ref={formRef}
      onSubmit={submit}
      aria-labelledby="profile-title"
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 [&_label:has(+[required])]:after:text-red-700 [&_label:has(+[required])]:after:content-['_*'] [&_[aria-invalid]]:scroll-mt-24 [&_[aria-invalid]]:scroll-mb-32"
      noValidate
    >
      <div>
        <h2 id="profile-title" className="font-semibold text-slate-900">
          Store profile
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Boxes marked <span className="text-red-700">*</span> must be filled in.
        </p>
        {!stored.configured && (
          <p role="status" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Fill in and save the profile before the shop can take orders: checkout needs the
            seller’s legal name, state and office.
          </p>
        )}
      </div>
      <Section title="Shop">
        {field('name', 'Shop name', { autoComplete: 'organization' })}
        <ImageUploadField
          label="Logo"
          hint="Shown in the shop’s header instead of the name. A wide image on a transparent or dark background works best."
          value={form.logo}
          onChange={(logo) => edit('logo', logo)}
        />
        {err('logo') && <p className="text-sm font-medium text-red-700">{err('logo')}</p>}
        <div className="flex flex-col gap-1">
          <label htmlFor={colourId} className="text-sm font-semibold text-slate-800">
            Colour of the payment window
          </label>
          <div className="flex items-center gap-3">
            <input
              id={colourId}
              type="color"
              name="color"
              value={colour}
              onChange={set('color')}
              aria-invalid={err('color') ? true : undefined}
              aria-describedby={`${colourId}-hex`}
              className="h-11 w-16 shrink-0 cursor-pointer rounded-lg border border-slate-400 bg-white"
            />
            <span id={`${colourId}-hex`} className="font-mono text-sm text-slate-700">
              {colour}
            </span>
          </div>
          {err('color') && <p className="text-sm font-medium text-red-700">{err('color')}</p>}
        </div>
        {field('email', 'Shop email', { type: 'email', autoComplete: 'email' })}
        {field('phone', 'Phone', { type: 'tel', inputMode: 'tel' })}
        {field('whatsapp_number', 'WhatsApp number (the Help tab’s chat link)', {
          type: 'tel',
          inputMode: 'tel',
        })}
      </Section>
      <Section title="Tax and invoices">
        {field('legal_name', 'Legal name (on invoices)')}
        {field('gstin', 'GSTIN (empty if not registered)', {
          autoCapitalize: 'characters',
          spellCheck: 'false',
        })}
        {stored.state && (
          <p className="text-sm text-slate-700">
            GST state: {stored.state} ({stored.gst_state_code}) — from the GSTIN, else the office
            pincode.
          </p>
        )}
        <TextAreaField
          label="Invoice address (empty: the office address)"
          name="invoice_address"
          value={form.invoice_address}
          onChange={set('invoice_address')}
          error={err('invoice_address')}
          rows={2}
        />
      </Section>
      <Section title="Office and delivery">
        <TextAreaField
          label="Office address (deliveries are priced by the distance from here)"
          name="office_address"
          value={form.office_address}
          onChange={set('office_address')}
          error={err('office_address')}
          required
          aria-required
          rows={2}
        />
        {field('office_pincode', 'Office pincode', { inputMode: 'numeric', maxLength: '6' })}
        <p className="text-sm text-slate-700" role="status" data-testid="office-place">
          {!PINCODE_PATTERN.test(pincode)
            ? 'The office is placed at its pincode: enter the 6 digits.'
            : place.data
              ? typedPosition
                ? `Pincode ${pincode} is in ${place.data.data.state}. The office is at the exact position given below.`
                : `The office is placed at the centre of pincode ${pincode}, ${place.data.data.state}${place.data.data.approximate ? ' (its area’s centre: the pincode is new to our list)' : ''}. Delivery distances are measured from there.`
              : place.error
                ? `We do not know pincode ${pincode}: check it, or give the office’s exact position below.`
                : `Looking up pincode ${pincode}…`}
        </p>
        <details
          className="rounded-lg p-2 ring-1 ring-slate-200"
          open={typedPosition || !!err('office_latitude') || !!err('office_longitude')}
        >
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-slate-800">
            Exact position on the map (optional)
          </summary>
          <div className="flex flex-col gap-3 pt-2">
            <p className="text-sm text-slate-700">
              Only if the pincode’s centre is far from the office: in a map app, press and hold on
              the office and copy the two numbers it shows. Empty both to go back to the pincode’s
              centre.
            </p>
            <div className="grid grid-cols-2 gap-3">
              {field('office_latitude', 'Latitude', { inputMode: 'decimal' })}
              {field('office_longitude', 'Longitude', { inputMode: 'decimal' })}
            </div>
          </div>
        </details>
        {field('road_factor', 'How much longer roads are than a straight line', {
          inputMode: 'decimal',
          placeholder: DEFAULT_ROAD_FACTOR,
          ...(err('road_factor') ? {} : { 'aria-describedby': 'road-factor-hint' }),
        })}
        <p id="road-factor-hint" className="-mt-2 text-sm text-slate-700">
          Delivery is charged by road distance: the straight-line distance times this number.{' '}
          {DEFAULT_ROAD_FACTOR} (roads a third longer) suits most towns; try 1.5 in hills or across
          a river. Between 1 and 5.
        </p>
        {field('delivery_percentage', 'Advance for pay on delivery (% of the total, 0 to 100)', {
          inputMode: 'numeric',
        })}
      </Section>
      <Section title="Orders">
        {field('notification_email', 'Send new-order notices to', { type: 'email' })}
        {field(
          'low_stock_threshold',
          'Low stock at (the dashboard lists items with this many or fewer)',
          {
            inputMode: 'numeric',
          },
        )}
      </Section>
      <Section title="Grievance officer">
        <p className="text-sm text-slate-700">
          Who shoppers can write to with a complaint or a question about their data. The law asks an
          online shop to show this; it appears on the shop’s Contact page.
        </p>
        {field('grievance_officer_name', 'Grievance officer’s name', { autoComplete: 'name' })}
        {field('grievance_officer_email', 'Grievance officer’s email', { type: 'email' })}
        {field('grievance_officer_phone', 'Grievance officer’s phone (optional)', {
          type: 'tel',
          inputMode: 'tel',
        })}
      </Section>
      <SaveBar
        label="Save profile"
        pending={save.isPending}
        saved={save.isSuccess && !dirty}
        problem={
          save.error && !(save.error instanceof ServerError && save.error.field)
            ? errorText(save.error)
            : hasErrors
              ? 'Some fields need a look: see the messages beside them.'
              : null
        }
      />
    </form>
  );
}
