import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';

export const fieldClass =
  'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 read-only:bg-slate-100 read-only:text-slate-700 aria-invalid:border-red-700';

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, a control and its error message (linked by aria-describedby). */
function Field({
  label,
  error,
  id,
  control,
}: {
  label: string;
  error: string | undefined;
  id: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {control({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The validation message, shown under the box and announced with it. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message. */
export function TextField({ label, error, id, className = '', ref, ...input }: TextFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      id={id}
      control={(props) => (
        <input ref={ref} className={`${fieldClass} ${className}`} {...props} {...input} />
      )}
    />
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line box with its error message. */
export function TextAreaField({
  label,
  error,
  id,
  className = '',
  ref,
  ...input
}: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      id={id}
      control={(props) => (
        <textarea ref={ref} className={`${fieldClass} py-2 ${className}`} {...props} {...input} />
      )}
    />
  );
}
