import { useId } from 'react';
import { fieldClass } from '../../../components/ui/text-field.tsx';

/** A select matches :read-only in Chromium: it keeps the editable look of the text boxes. */
const selectClass = fieldClass.replace(/read-only:\S+/g, '');

export interface CourseOption {
  id: string;
  title: string;
}

/**
 * The course the admission is for (issue 59 item 5): pre-chosen with the course the parent
 * brought from the cart or the course's page, so it is not asked again; they may change it.
 * "Choose later" (no course) leaves the choice to the next step, as the spec's form does.
 */
export function CourseChoice({
  courses,
  value,
  onChange,
}: {
  courses: readonly CourseOption[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        Course
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={value ? `${id}-hint` : undefined}
        data-testid="admission-course"
      >
        <option value="">Choose later</option>
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      {value && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          The course you chose; you may change it here.
        </p>
      )}
    </div>
  );
}
