import { AdmissionForm } from '../../features/admissions/components/admission-form.tsx';
import { useAdmissionOf } from '../../features/admissions/api/admission-api.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useUser } from '../../lib/use-session.ts';

/** /admission-form (login required): the academy's admission form, prefilled when on file. */
export function Component() {
  usePageTitle('Admission Form', 'Enrol at the skating academy: the admission form.');
  const user = useUser();
  const admission = useAdmissionOf(user?.user_id ?? '');
  if (!user) return null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="admission-heading">
      <h1 id="admission-heading" className="text-2xl font-bold sm:text-3xl">
        Admission Form
      </h1>
      <p className="mt-1 text-slate-700">
        Fill in the student&apos;s details, then choose a course.
      </p>
      <div className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        {admission.isPending ? (
          <p className="text-slate-700">Loading...</p>
        ) : (
          <AdmissionForm user={user} existing={admission.data ?? null} />
        )}
      </div>
    </section>
  );
}
