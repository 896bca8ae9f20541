import { ContactBlock } from '../../features/content/components/contact-block.tsx';
import { ContactForm } from '../../features/content/components/contact-form.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  usePageTitle('Contact Us');
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-extrabold text-slate-900 sm:text-3xl">Contact Us</h1>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-[3fr_2fr]">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <ContactForm />
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <ContactBlock />
        </div>
      </div>
    </section>
  );
}
