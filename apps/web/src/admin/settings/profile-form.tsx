import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta, StoreProfile, StoreProfileResponse } from '@shop/contracts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { STORE_ID } from '../../lib/api-client.ts';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { ImageUploadField } from '../lib/image-upload-field.tsx';

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
  road_factor: numberOf(v.road_factor),
  low_stock_threshold: numberOf(v.low_stock_threshold),
  delivery_percentage: numberOf(v.delivery_percentage),
});

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
  const save = useMutation({
    mutationFn: (v: Values) =>
      adminJson<StoreProfileResponse>('PUT', '/admin/settings/profile', toFields(v)),
    onSuccess: (res) => {
      client.setQueryData(KEY, res);
      setStored(res.data);
      setForm(toValues(res.data));
      // The admin's header shows the name from the storefront's page meta, which a browser may
      // keep for a minute (max-age): it takes the saved name now.
      client.setQueryData<PageMeta>(['meta', STORE_ID], (meta) =>
        meta ? { ...meta, store_name: res.data.name, store_logo: res.data.logo } : meta,
      );
    },
  });
  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    save.reset();
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };
  const err = (name: keyof Values) =>
    save.error instanceof ServerError && save.error.field === name
      ? errorText(save.error)
      : undefined;
  const field = (name: keyof Values, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      onChange={set(name)}
      error={err(name)}
      {...extra}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };

  return (
    <form
      id="profile"
      onSubmit={submit}
      aria-labelledby="profile-title"
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <div>
        <h2 id="profile-title" className="font-semibold text-slate-900">
          Store profile
        </h2>
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
          onChange={(logo) => {
            save.reset();
            setForm((f) => ({ ...f, logo }));
          }}
        />
        {err('logo') && <p className="text-sm font-medium text-red-700">{err('logo')}</p>}
        <div className="flex items-end gap-2">
          <input
            type="color"
            aria-label="Pick the colour"
            value={/^#[0-9a-f]{6}$/i.test(form.color) ? form.color : '#000000'}
            onChange={set('color')}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-400 bg-white"
          />
          <div className="flex-1">{field('color', 'Colour of the payment window (#rrggbb)')}</div>
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
          rows={2}
        />
        {field('office_pincode', 'Office pincode', { inputMode: 'numeric', maxLength: '6' })}
        <p className="text-sm text-slate-700">
          The office’s map position is the pincode’s centre. To be exact, give both coordinates
          (from a map app); empty both to go back to the pincode’s centre.
        </p>
        <div className="grid grid-cols-2 gap-3">
          {field('office_latitude', 'Latitude', { inputMode: 'decimal' })}
          {field('office_longitude', 'Longitude', { inputMode: 'decimal' })}
        </div>
        {field('road_factor', 'Road factor (road distance ÷ straight line, 1 to 5)', {
          inputMode: 'decimal',
        })}
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
        saved={save.isSuccess}
        problem={
          save.error && !(save.error instanceof ServerError && save.error.field)
            ? errorText(save.error)
            : save.error
              ? 'Some fields need a look: see the messages above.'
              : null
        }
      />
    </form>
  );
}
