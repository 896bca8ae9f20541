import type { CourseDetails } from '@shop/contracts';
import { useCourseDetails } from '../api/course-details-api.ts';

const ROWS: { key: keyof CourseDetails; label: string }[] = [
  { key: 'batch', label: 'Batch' },
  { key: 'schedule', label: 'Schedule' },
  { key: 'age_group', label: 'Age group' },
  { key: 'place', label: 'Place' },
];

/** A course's details as rows of a list (only those given); nothing when none are. */
export function CourseDetailsRows({ details }: { details: CourseDetails | undefined }) {
  const rows = ROWS.filter((r) => details && details[r.key] !== '');
  if (!details || rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="course-details">
      {rows.map((r) => (
        <div key={r.key} className="contents">
          <dt className="text-slate-700">{r.label}</dt>
          <dd className="font-medium break-words text-slate-900">{details[r.key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A course's batch, schedule, age group and place on its page (issue 59 item 5), as the owner
 * wrote them; nothing while they load or when none are given.
 */
export function CourseDetailsSection({ productId }: { productId: string }) {
  const { data } = useCourseDetails();
  const details = data?.find((d) => d.product_id === productId);
  if (!details) return null;
  return (
    <section
      aria-labelledby="course-details-heading"
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="course-details-heading" className="mb-2 text-base font-bold text-slate-900">
        Course details
      </h2>
      <CourseDetailsRows details={details} />
    </section>
  );
}
