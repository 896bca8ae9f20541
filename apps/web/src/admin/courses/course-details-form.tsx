import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CourseDetails } from '@shop/contracts';
import { isCourse } from '@shop/domain';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';

type Answer = { isError: false; data: CourseDetails };

const FIELDS: { key: keyof CourseDetails; label: string; placeholder: string }[] = [
  { key: 'batch', label: 'Batch', placeholder: 'Beginners, batch B' },
  { key: 'schedule', label: 'Schedule', placeholder: 'Sat and Sun, 7:00 to 8:00 am' },
  { key: 'age_group', label: 'Age group', placeholder: '5 to 8 years' },
  { key: 'place', label: 'Place', placeholder: 'Malad (W) rink' },
];

/**
 * A course's batch, schedule, age group and place (issue 59 item 5), shown to parents on the
 * course's page: a card of the product editor for a product in the category courses, saved on
 * its own (not with the product form). Nothing for another product.
 */
export function CourseDetailsCard({
  product,
}: {
  product: { product_id: string; category: string };
}) {
  if (!isCourse(product)) return null;
  return <Editor key={product.product_id} productId={product.product_id} />;
}

function Editor({ productId }: { productId: string }) {
  const path = `/admin/courses/${productId}/details`;
  const key = ['admin-course-details', productId];
  const client = useQueryClient();
  const stored = useQuery({ queryKey: key, queryFn: () => adminJson<Answer>('GET', path) });
  const [form, setForm] = useState<CourseDetails | null>(null);
  const value = form ?? stored.data?.data;
  const save = useMutation({
    mutationFn: (body: CourseDetails) => adminJson<Answer>('PUT', path, body),
    onSuccess: (res) => {
      client.setQueryData(key, res);
      setForm(null);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value) save.mutate(value);
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="course-details-title"
      noValidate
      className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
    >
      <h2 id="course-details-title" className="text-base font-bold text-slate-900">
        Course details
      </h2>
      <p className="text-sm text-slate-700">
        Shown to parents on the course&apos;s page. Leave one blank to leave it out.
      </p>
      {stored.error && <p className="text-sm text-red-800">{errorText(stored.error)}</p>}
      {FIELDS.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          placeholder={f.placeholder}
          maxLength={120}
          value={value?.[f.key] ?? ''}
          disabled={!value}
          onChange={(e) => {
            save.reset();
            if (value) setForm({ ...value, [f.key]: e.target.value });
          }}
        />
      ))}
      <SaveBar
        label="Save course details"
        pending={save.isPending}
        saved={save.isSuccess && form === null}
        problem={save.error ? errorText(save.error) : null}
      />
    </form>
  );
}
