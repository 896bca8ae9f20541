import type { ReactNode } from 'react';
import { get, type UseFormReturn } from 'react-hook-form';
import { fieldClass } from '../../components/ui/text-field.tsx';
import type { ProductFormValues } from './product-form.ts';

/** The product editor's form. */
export type ProductForm = UseFormReturn<ProductFormValues>;

/** A box's path in the form ("title", "variation.1.sku"). */
export type FieldName = Parameters<ProductForm['register']>[0];

/** A box's registration with the form, and its problem to show under it. */
export const registerField = (form: ProductForm, name: FieldName) => ({
  ...form.register(name),
  error: errorOf(form, name),
});

/** The problem of one box of the form, by its path ("variation.1.sku"). */
export const errorOf = (form: ProductForm, path: string): string | undefined => {
  // react-hook-form's `get` reads a path in its nested errors; it is typed `any`.
  const e: { message?: string } | undefined = get(form.formState.errors, path);
  return e?.message;
};

/** A titled group of the product editor's boxes. */
export function EditorCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
      <legend className="float-left mb-1 w-full text-base font-bold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled choice of the product editor, with its problem under it. */
export function SelectField({
  label,
  error,
  children,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  ref?: React.Ref<HTMLSelectElement>;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
      {label}
      <select className={fieldClass} aria-invalid={error ? true : undefined} {...select}>
        {children}
      </select>
      {error && <span className="text-sm font-medium text-red-700">{error}</span>}
    </label>
  );
}
