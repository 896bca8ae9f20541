import { useState } from 'react';
import { coursesOnly } from '@shop/domain';
import { AdmissionForm } from '../../features/admissions/components/admission-form.tsx';
import { CourseChoice } from '../../features/admissions/components/course-choice.tsx';
import { useAdmissionOf } from '../../features/admissions/api/admission-api.ts';
import { useProductPages } from '../../features/catalogue/api/catalogue-queries.ts';
import { cartLineFor } from '../../features/cart/cart-line.ts';
import {
  checkoutDataFor,
  clearCheckoutData,
  readCheckoutData,
  saveCheckoutData,
} from '../../lib/checkout-handoff.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useUser } from '../../lib/use-session.ts';

/**
 * The course the form is for: the one course brought from the cart or a course's Buy Now (the
 * checkout data), '' for none; null when the checkout data holds something else (goods, or more
 * than one course), which the form then leaves as it is.
 */
function broughtCourse(): string | null {
  const data = readCheckoutData();
  if (!data || data.products.length === 0) return '';
  const [line] = data.products;
  return data.products.length === 1 && line && coursesOnly(data.products) ? line.product_id : null;
}

/**
 * /admission-form (login required): the academy's admission form, prefilled when on file, with
 * the course brought from the cart or the course's page pre-chosen (issue 59 item 5): the parent
 * may change it (the checkout data then holds the new course) or leave it for the next step.
 */
export function Component() {
  usePageTitle('Admission Form', 'Enrol at the skating academy: the admission form.');
  const user = useUser();
  const admission = useAdmissionOf(user?.user_id ?? '');
  const [course, setCourse] = useState(broughtCourse);
  const pages = useProductPages({ sort: 'recommended', courses: 'only' });
  const courses = pages.data?.pages.flatMap((p) => p.data) ?? [];
  if (!user) return null;

  const brought = readCheckoutData()?.products[0];
  const options = courses.map((c) => ({ id: c.product_id, title: c.title }));
  // The course brought along is offered even before (or beyond) the first page of courses.
  if (course && brought?.product_id === course && !options.some((o) => o.id === course)) {
    options.unshift({ id: course, title: brought.product_name });
  }
  const choose = (id: string) => {
    setCourse(id);
    const product = courses.find((c) => c.product_id === id);
    if (product) saveCheckoutData(checkoutDataFor([cartLineFor(product, { quantity: 1, user })]));
    else if (id === '') clearCheckoutData();
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="admission-heading">
      <h1 id="admission-heading" className="text-2xl font-bold sm:text-3xl">
        Admission Form
      </h1>
      <p className="mt-1 text-slate-700">
        {course
          ? "Fill in the student's details; the course is chosen below."
          : "Fill in the student's details, then choose a course."}
      </p>
      <div className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        {admission.isPending ? (
          <p className="text-slate-700">Loading...</p>
        ) : (
          <AdmissionForm
            user={user}
            existing={admission.data ?? null}
            courseField={
              course === null ? undefined : (
                <CourseChoice courses={options} value={course} onChange={choose} />
              )
            }
          />
        )}
      </div>
    </section>
  );
}
