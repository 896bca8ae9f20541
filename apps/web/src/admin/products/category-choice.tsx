import { useState } from 'react';
import { categoryKeyProblem, keyFromName } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { useItems, useItemWrites } from '../content/content-api.ts';
import { errorOf, SelectField, type ProductForm } from './product-editor-parts.tsx';

const NEW = '__new__';

/**
 * The product's category, chosen from the store's list (so a typo cannot make a new, empty
 * one), or made here with "New category…": its name, and the key made from it.
 */
export function CategoryChoice({ form }: { form: ProductForm }) {
  const categories = useItems('categories');
  const { save } = useItemWrites('categories');
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const current = form.watch('category');
  const list = categories.data ?? [];
  const known = list.some((c) => c.category === current);
  const shownKey = key ?? keyFromName(name);
  const keyProblem = key !== null ? categoryKeyProblem(key) : null;
  const serverProblem = (field: string) =>
    save.error instanceof ServerError && save.error.field === field
      ? errorText(save.error)
      : undefined;
  const otherProblem =
    save.error &&
    !(save.error instanceof ServerError && ['name', 'category'].includes(save.error.field ?? ''))
      ? errorText(save.error)
      : null;
  const add = () =>
    save.mutate(
      { id: null, body: { name: name.trim(), category: shownKey, icon: '', status: 'Active' } },
      {
        onSuccess: (res) => {
          form.setValue('category', String(res.data.category), {
            shouldDirty: true,
            shouldValidate: true,
          });
          setAdding(false);
          setName('');
          setKey(null);
        },
      },
    );
  const { ref, onBlur, name: fieldName } = form.register('category');
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="Category"
        ref={ref}
        name={fieldName}
        onBlur={(e) => void onBlur(e)}
        value={adding ? NEW : current}
        error={errorOf(form, 'category')}
        onChange={(e) => {
          if (e.target.value === NEW) {
            setAdding(true);
            return;
          }
          setAdding(false);
          form.setValue('category', e.target.value, { shouldDirty: true, shouldValidate: true });
        }}
      >
        <option value="">{categories.isPending ? 'Loading…' : 'Choose a category'}</option>
        {list.map((c) => (
          <option key={c.id} value={String(c.category)}>
            {String(c.name)}
            {c.status === 'Inactive' ? ' (hidden)' : ''}
          </option>
        ))}
        {current !== '' && !known && <option value={current}>{current} (not in the list)</option>}
        <option value={NEW}>New category…</option>
      </SelectField>
      {adding && (
        <div
          role="group"
          aria-label="New category"
          className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
        >
          <TextField
            label="New category name"
            value={name}
            autoFocus
            error={serverProblem('name')}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Its key (web address)"
            value={shownKey}
            autoCapitalize="none"
            error={keyProblem ?? serverProblem('category')}
            onChange={(e) => setKey(e.target.value)}
          />
          {otherProblem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {otherProblem}
            </p>
          )}
          <div className="flex gap-2">
            <Button
              onClick={add}
              disabled={save.isPending || name.trim() === '' || keyProblem !== null}
            >
              {save.isPending ? 'Adding…' : 'Add category'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setAdding(false);
                save.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
