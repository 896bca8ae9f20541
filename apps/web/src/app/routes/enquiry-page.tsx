import { EnquiryForm } from '../../features/content/components/enquiry-form.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  usePageTitle('Enquiry Form');
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-extrabold text-slate-900 sm:text-3xl">Enquiry Form</h1>
      <p className="mb-6 text-slate-700">Tell us what you are looking for and we will call you.</p>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <EnquiryForm />
      </div>
    </section>
  );
}
