import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminPageMeta } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { ImageUploadField } from '../lib/image-upload-field.tsx';
import { useStaffUser } from '../lib/use-staff-user.ts';
import { usePageMeta, useSavePageMeta } from './content-api.ts';

/** /admin/content/page-meta: the site's head. Staff read it; the owner changes it. */
export function Component() {
  const meta = usePageMeta();
  return (
    <AdminPage
      title="Page meta"
      actions={
        <Link to="/content" className="tap text-sm font-semibold text-slate-800 underline">
          Back to content
        </Link>
      }
    >
      {meta.error && <FormAlert message={errorText(meta.error)} />}
      {meta.data && <MetaForm initial={meta.data} />}
    </AdminPage>
  );
}

function MetaForm({ initial }: { initial: AdminPageMeta }) {
  const owner = useStaffUser()?.role === 'owner';
  const save = useSavePageMeta();
  const [form, setForm] = useState({ ...initial, scripts: initial.scripts.join('\n') });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const err = (name: string) =>
    save.error instanceof ServerError && save.error.field?.split('.')[0] === name
      ? errorText(save.error)
      : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...form, scripts: form.scripts.split(/\s+/).filter(Boolean) });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-2xl flex-col gap-3"
      aria-label="Page meta"
    >
      {!owner && <p className="text-sm text-slate-700">Only the owner can change these.</p>}
      <fieldset disabled={!owner} className="flex flex-col gap-3">
        <TextField
          label="Site title"
          value={form.title}
          onChange={set('title')}
          error={err('title')}
        />
        <TextAreaField
          label="Description"
          value={form.description}
          onChange={set('description')}
          error={err('description')}
          rows={2}
        />
        <TextField
          label="Keywords"
          value={form.keywords}
          onChange={set('keywords')}
          error={err('keywords')}
        />
        <TextField
          label="Author"
          value={form.author}
          onChange={set('author')}
          error={err('author')}
        />
        <ImageUploadField
          label="Icon"
          value={form.icon}
          onChange={(icon) => setForm((f) => ({ ...f, icon }))}
        />
        {err('icon') && <p className="text-sm font-medium text-red-800">{err('icon')}</p>}
        <TextAreaField
          label="Script addresses (https, one a line; the shop loads each on every page)"
          value={form.scripts}
          onChange={set('scripts')}
          error={err('scripts')}
          rows={3}
        />
        <FormAlert
          message={
            save.error && !(save.error instanceof ServerError && save.error.field)
              ? errorText(save.error)
              : null
          }
        />
        {save.isSuccess && (
          <p role="status" className="text-sm font-semibold text-green-800">
            Saved.
          </p>
        )}
        {owner && (
          <Button type="submit" disabled={save.isPending} className="self-start">
            Save
          </Button>
        )}
      </fieldset>
    </form>
  );
}
