import { useState, type FormEvent } from 'react';
import { Link, useParams, type To } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fieldClass, TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { useItems, useItemWrites, type Item } from './content-api.ts';
import { ImageUploadField } from '../lib/image-upload-field.tsx';
import { kindSpec, type KindSpec } from './content-kinds.ts';
import { chosenOf, fieldBody, initialText } from './content-field-values.ts';
import { ProductsField } from './products-field.tsx';
import { SortableList } from './sortable-list.tsx';

const backLink = (to: To, text: string) => (
  <Link to={to} className="tap text-sm font-semibold text-slate-800 underline">
    {text}
  </Link>
);
const back = backLink('/content', 'Back to content');

/** /admin/content/:kind: the items of one kind in order, reordered, added, edited, deleted. */
export function Component() {
  const spec = kindSpec(useParams().kind ?? '');
  if (!spec) {
    return (
      <AdminPage title="Not found" actions={back}>
        <p>There is no such kind of content.</p>
      </AdminPage>
    );
  }
  return <KindPage key={spec.kind} spec={spec} />;
}

/**
 * One kind's list and form; `backTo` is the page it is reached from (the categories sit under
 * Products, the other kinds under Content).
 */
export function KindPage({
  spec,
  backTo = { to: '/content', text: 'Back to content' },
}: {
  spec: KindSpec;
  backTo?: { to: To; text: string };
}) {
  const items = useItems(spec.kind);
  const writes = useItemWrites(spec.kind);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rows = (items.data ?? []).map((it) => ({ id: it.id, label: spec.label(it) }));
  const remove = (it: Item) => {
    if (!window.confirm(`Delete ${spec.label(it)}?`)) return;
    setProblem(null);
    writes.remove.mutate(it.id, { onError: (e) => setProblem(errorText(e)) });
  };
  return (
    <AdminPage
      title={spec.title}
      actions={
        <span className="flex items-center gap-3">
          {backLink(backTo.to, backTo.text)}
          <Button onClick={() => setEditing('new')}>Add {spec.one}</Button>
        </span>
      }
    >
      <p className="text-sm text-slate-700">
        {spec.blurb} Drag the handle, or use the arrows, to change the order; it is saved at once.
      </p>
      <FormAlert
        message={problem ?? (writes.reorder.error ? errorText(writes.reorder.error) : null)}
      />
      {editing && (
        <ItemForm
          spec={spec}
          item={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {items.isPending ? (
        <p>Loading…</p>
      ) : items.error ? (
        <FormAlert message={errorText(items.error)} />
      ) : rows.length === 0 ? (
        <p className="text-slate-700">
          Nothing here yet: add your first {spec.one} with the button above.
        </p>
      ) : (
        <SortableList
          rows={rows}
          disabled={writes.reorder.isPending}
          onMove={(ids) => {
            setProblem(null);
            writes.reorder.mutate({ ids, was: rows.map((r) => r.id) });
          }}
          actions={(id) => {
            const it = items.data.find((x) => x.id === id)!;
            return (
              <>
                <Button
                  variant="secondary"
                  onClick={() => setEditing(it)}
                  aria-label={`Edit ${spec.label(it)}`}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => remove(it)}
                  aria-label={`Delete ${spec.label(it)}`}
                >
                  Delete
                </Button>
              </>
            );
          }}
        />
      )}
    </AdminPage>
  );
}

function ItemForm({
  spec,
  item,
  onDone,
}: {
  spec: KindSpec;
  item: Item | null;
  onDone: () => void;
}) {
  const { save } = useItemWrites(spec.kind);
  const [values, setValues] = useState(() =>
    Object.fromEntries(spec.fields.map((f) => [f.name, initialText(f, item)])),
  );
  /** Boxes filled from another that the user has edited themselves (then left alone). */
  const [ownText, setOwnText] = useState<ReadonlySet<string>>(() => new Set());
  const [typed, setTyped] = useState<ReadonlySet<string>>(() => new Set());
  const fieldError = (name: string) => {
    const f = spec.fields.find((x) => x.name === name);
    const live = f?.derive && typed.has(name) ? f.derive.problem(values[name] ?? '') : null;
    if (live) return live;
    return save.error instanceof ServerError && save.error.field?.split('.')[0] === name
      ? errorText(save.error)
      : undefined;
  };
  const setField = (name: string, v: string) => {
    setTyped((old) => new Set(old).add(name));
    setValues((old) => {
      const next = { ...old, [name]: v };
      for (const d of spec.fields) {
        if (d.derive?.from === name && item === null && !ownText.has(d.name)) {
          next[d.name] = d.derive.make(v);
        }
      }
      return next;
    });
    if (spec.fields.some((f) => f.name === name && f.derive)) {
      setOwnText((old) => new Set(old).add(name));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = Object.fromEntries(
      spec.fields.map((f) => [f.name, fieldBody(f, values[f.name] ?? '')]),
    );
    save.mutate({ id: item?.id ?? null, body }, { onSuccess: onDone });
  };
  const errField = save.error instanceof ServerError ? (save.error.field ?? '') : '';
  const named = spec.fields.some((f) => f.name === errField.split('.')[0]);
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label={item ? `Edit ${spec.one}` : `New ${spec.one}`}
      noValidate
    >
      <h2 className="font-semibold text-slate-900">
        {item ? `Edit ${spec.one}` : `New ${spec.one}`}
      </h2>
      {spec.fields.map((f) => {
        const common = {
          label: f.label,
          error: fieldError(f.name),
          value: values[f.name] ?? '',
          required: f.required,
        };
        const set = (v: string) => setField(f.name, v);
        if (f.type === 'textarea') {
          return (
            <TextAreaField
              key={f.name}
              {...common}
              rows={3}
              onChange={(e) => set(e.target.value)}
            />
          );
        }
        if (f.type === 'products') {
          return (
            <ProductsField
              key={f.name}
              label={f.label}
              value={chosenOf(common.value)}
              error={common.error}
              onChange={(next) => set(JSON.stringify(next))}
            />
          );
        }
        if (f.type === 'image') {
          return (
            <div key={f.name} className="flex flex-col gap-1">
              <ImageUploadField label={f.label} value={common.value} onChange={set} />
              {common.error && <p className="text-sm font-medium text-red-800">{common.error}</p>}
            </div>
          );
        }
        if (f.type === 'status') {
          return (
            <label
              key={f.name}
              className="flex flex-col gap-1 text-sm font-semibold text-slate-800"
            >
              {f.label}
              <select
                className={fieldClass}
                value={common.value}
                onChange={(e) => set(e.target.value)}
              >
                <option value="Active">Active (shown)</option>
                <option value="Inactive">Inactive (hidden)</option>
              </select>
            </label>
          );
        }
        return (
          <TextField
            key={f.name}
            {...common}
            type={f.type === 'price' ? 'number' : f.type === 'url' ? 'url' : 'text'}
            inputMode={f.type === 'price' ? 'decimal' : undefined}
            step={f.type === 'price' ? '0.01' : undefined}
            min={f.type === 'price' ? 0 : undefined}
            onChange={(e) => set(e.target.value)}
          />
        );
      })}
      {spec.fields.some((f) => f.hint) && (
        <p className="text-sm text-slate-700">
          {spec.fields.flatMap((f) => f.hint ?? []).join(' ')}
        </p>
      )}
      <FormAlert message={save.error && !named ? errorText(save.error) : null} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
