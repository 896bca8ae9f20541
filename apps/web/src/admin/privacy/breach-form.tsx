import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { breachFieldsSchema, type Breach, type BreachResponse } from '@shop/contracts';
import { BREACH_DATA_KINDS, type BreachDataKind } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';
import { fieldErrorsOf, useFocusFirstError } from '../settings/form-errors.ts';

export const BREACHES_KEY = ['admin', 'privacy', 'breaches'];

/** A `datetime-local` value (the owner's own clock) as an ISO moment; '' stays ''. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');
/** Now, as a `datetime-local` value in the owner's own clock. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

interface Draft {
  description: string;
  occurredAt: string;
  foundAt: string;
  kinds: BreachDataKind[];
  people: string;
  measures: string;
}

/**
 * Recording a breach: what happened, when (if known) and when the shop found out, which data, how
 * many people, what was done. Checked by the API's own schema before it is sent, every problem
 * beside its field; the API checks again.
 */
export function BreachForm({ onRecorded }: { onRecorded: (breach: Breach) => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => ({
    description: '',
    occurredAt: '',
    foundAt: localNow(),
    kinds: [],
    people: '',
    measures: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { formRef, focusFirstError } = useFocusFirstError();
  const record = useMutation({
    mutationFn: (body: unknown) =>
      adminJson<BreachResponse>('POST', '/admin/privacy/breaches', body).then((r) => r.data),
    onSuccess: (breach) => {
      void client.invalidateQueries({ queryKey: BREACHES_KEY });
      onRecorded(breach);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      description: draft.description,
      occurred_at: isoOf(draft.occurredAt) || null,
      found_at: isoOf(draft.foundAt),
      data_kinds: draft.kinds,
      people_affected: draft.people.trim() === '' ? undefined : Number(draft.people),
      measures: draft.measures,
    };
    const checked = breachFieldsSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      focusFirstError();
      return;
    }
    setErrors({});
    record.mutate(checked.data);
  };
  const toggle = (kind: BreachDataKind) =>
    setDraft((d) => ({
      ...d,
      kinds: d.kinds.includes(kind) ? d.kinds.filter((k) => k !== kind) : [...d.kinds, kind],
    }));

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      aria-label="Record a breach"
      noValidate
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <TextAreaField
        label="What happened"
        rows={3}
        value={draft.description}
        error={errors.description}
        placeholder="e.g. A staff phone with the orders app signed in was stolen."
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="When it happened (if known)"
          type="datetime-local"
          value={draft.occurredAt}
          error={errors.occurred_at}
          onChange={(e) => setDraft({ ...draft, occurredAt: e.target.value })}
        />
        <TextField
          label="When you found out"
          type="datetime-local"
          value={draft.foundAt}
          error={errors.found_at}
          onChange={(e) => setDraft({ ...draft, foundAt: e.target.value })}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Which data</legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {BREACH_DATA_KINDS.map((k) => (
            <label key={k.key} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-5"
                checked={draft.kinds.includes(k.key)}
                onChange={() => toggle(k.key)}
              />
              {k.label}
            </label>
          ))}
        </div>
        {errors.data_kinds && <p className="text-sm text-red-800">{errors.data_kinds}</p>}
      </fieldset>
      <TextField
        label="How many people (your best count)"
        inputMode="numeric"
        value={draft.people}
        error={errors.people_affected}
        onChange={(e) => setDraft({ ...draft, people: e.target.value })}
      />
      <TextAreaField
        label="What you have done so far"
        rows={3}
        value={draft.measures}
        error={errors.measures}
        placeholder="e.g. Signed the phone out, changed the admin password, filed a police complaint."
        onChange={(e) => setDraft({ ...draft, measures: e.target.value })}
      />
      <FormAlert message={record.isError ? errorText(record.error) : null} />
      <Button type="submit" className="self-start" disabled={record.isPending}>
        {record.isPending ? 'Recording…' : 'Record breach'}
      </Button>
    </form>
  );
}
