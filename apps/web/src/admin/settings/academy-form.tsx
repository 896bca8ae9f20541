import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAY_AT_ACADEMY_LABEL } from '@shop/domain';
import type { AcademySettings } from '@shop/contracts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { errorText } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { useReportUnsaved } from './unsaved-changes.tsx';

const KEY = ['admin', 'settings', 'academy'];
type Answer = { isError: false; data: AcademySettings };

/**
 * Courses (issue 59 item 5): whether a course may be paid on delivery, i.e. at the academy
 * (off by default: a course is then paid when the parent enrols). Checkout offers it to parents
 * as "Pay at the academy".
 */
export function AcademyForm() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<Answer>('GET', '/admin/settings/academy'),
  });
  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!query.data) return null;
  return <AcademyEditor initial={query.data.data} />;
}

function AcademyEditor({ initial }: { initial: AcademySettings }) {
  const client = useQueryClient();
  const [stored, setStored] = useState(initial);
  const [on, setOn] = useState(initial.pay_at_academy);
  const dirty = on !== stored.pay_at_academy;
  useReportUnsaved('Courses', dirty);
  const save = useMutation({
    mutationFn: (body: AcademySettings) =>
      adminJson<Answer>('PUT', '/admin/settings/academy', body),
    onSuccess: (res) => {
      client.setQueryData(KEY, res);
      setStored(res.data);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ pay_at_academy: on });
  };
  return (
    <form
      id="academy"
      onSubmit={submit}
      aria-labelledby="academy-title"
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <h2 id="academy-title" className="font-semibold text-slate-900">
        Courses
      </h2>
      <label className="flex min-h-11 items-start gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-orange-700"
          checked={on}
          onChange={(e) => {
            save.reset();
            setOn(e.target.checked);
          }}
        />
        <span>
          Parents may pay for courses at the academy
          <span className="block text-sm text-slate-700">
            Checkout then offers &ldquo;{PAY_AT_ACADEMY_LABEL}&rdquo; for courses (with the advance
            set in the profile paid online). Off: a course is paid online when the parent enrols.
          </span>
        </span>
      </label>
      <SaveBar
        label="Save courses"
        pending={save.isPending}
        saved={save.isSuccess && !dirty}
        problem={save.error ? errorText(save.error) : null}
      />
    </form>
  );
}
