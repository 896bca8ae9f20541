import type { FormEvent } from 'react';
import type { SecuritySettings } from '@shop/contracts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { errorText } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { useSettingsForm } from './use-settings-form.ts';

const KEY = ['admin', 'settings', 'security'];

/** Sign-in security: whether staff type an emailed code after the password (decision 0027). */
export function SecurityForm() {
  const { query, form, setForm, saved, setSaved, save } = useSettingsForm<SecuritySettings>(
    KEY,
    '/admin/settings/security',
    'PATCH',
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };

  if (query.error) return <FormAlert message={errorText(query.error)} />;
  return (
    <>
      {form && (
        <form
          onSubmit={submit}
          aria-labelledby="security-title"
          className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
          noValidate
        >
          <h2 id="security-title" className="font-semibold text-slate-900">
            Sign-in security
          </h2>
          <label className="flex items-start gap-3 text-base text-slate-900">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-orange-700"
              checked={form.staff_second_factor}
              onChange={(e) => {
                setSaved(false);
                setForm({ ...form, staff_second_factor: e.target.checked });
              }}
            />
            <span>
              Ask staff for an emailed code at each sign-in
              <span className="block text-sm text-slate-700">
                After the password, the owner and every staff member type a six-digit code sent to
                their email. A stolen password alone then no longer opens the admin.
              </span>
            </span>
          </label>
          <SaveBar
            label="Save settings"
            pending={save.isPending}
            saved={saved}
            problem={save.error ? errorText(save.error) : null}
          />
        </form>
      )}
    </>
  );
}
