import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import type { Product } from '@shop/contracts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { ProductImage } from '../../components/ui/product-image.tsx';
import { useKnownAdmission } from '../../features/admissions/api/use-known-admission.ts';
import { useCourseDetails } from '../../features/admissions/api/course-details-api.ts';
import { CourseDetailsRows } from '../../features/admissions/components/course-details.tsx';
import { AcademyRules } from '../../features/admissions/components/academy-rules.tsx';
import { useProductPages } from '../../features/catalogue/api/catalogue-queries.ts';
import { cartLineFor, lineStockProblem } from '../../features/cart/cart-line.ts';
import { checkoutDataFor, saveCheckoutData } from '../../lib/checkout-handoff.ts';
import { displayPrice } from '../../lib/product-price.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useUser } from '../../lib/use-session.ts';

const spec = (p: Product, ...labels: string[]) =>
  p.specifications.find((s) => labels.includes(s.label.toLowerCase()))?.value;

/**
 * /admission-form-step-2 (login required): the active courses with price, duration and centre;
 * Buy Now hands the course to checkout (course=true), which pays for it with the admission.
 * The admission is the server's, else the local copy (useKnownAdmission).
 */
export function Component() {
  usePageTitle('Select from our courses');
  const user = useUser();
  const navigate = useNavigate();
  const { admission, checking } = useKnownAdmission(user);
  const pages = useProductPages({ sort: 'recommended', courses: 'only' });
  const courses = pages.data?.pages.flatMap((p) => p.data) ?? [];
  const details = useCourseDetails().data;

  const buyNow = (product: Product) => {
    const line = cartLineFor(product, { quantity: 1, user });
    const problem = lineStockProblem(line);
    if (problem) {
      toast.warning(problem);
      return;
    }
    saveCheckoutData(checkoutDataFor([line]));
    void navigate('/checkout');
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="courses-heading">
      <h1 id="courses-heading" className="text-2xl font-bold sm:text-3xl">
        Select from our courses
      </h1>
      {checking && (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Checking your admission...
        </p>
      )}
      {!admission && !checking && (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Please{' '}
          <Link to="/admission-form" className="font-semibold underline">
            fill the admission form
          </Link>{' '}
          first.
        </p>
      )}
      {pages.isPending ? (
        <p className="mt-4 text-slate-700">Loading courses...</p>
      ) : pages.isError ? (
        <p className="mt-4 text-slate-700">The courses could not be loaded.</p>
      ) : courses.length === 0 ? (
        <p className="mt-4 text-slate-700">No courses are open for admission right now.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {courses.map((course) => {
            const price = displayPrice(course);
            const duration = spec(course, 'duration');
            const centre =
              spec(course, 'centre', 'center', 'venue') ?? admission?.center ?? undefined;
            return (
              <li
                key={course.product_id}
                className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
                data-testid="course-card"
              >
                <ProductImage
                  src={course.image}
                  alt={course.title}
                  className="aspect-[4/3] h-auto object-cover"
                />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h2 className="text-lg font-bold text-slate-900">{course.title}</h2>
                  <Price {...price} />
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    {duration && (
                      <>
                        <dt className="text-slate-700">Duration</dt>
                        <dd className="font-medium">{duration}</dd>
                      </>
                    )}
                    {centre && (
                      <>
                        <dt className="text-slate-700">Centre</dt>
                        <dd className="font-medium">{centre}</dd>
                      </>
                    )}
                  </dl>
                  <CourseDetailsRows
                    details={details?.find((d) => d.product_id === course.product_id)}
                  />
                  <div className="mt-auto pt-2">
                    <Button
                      className="min-h-11 w-full"
                      disabled={!admission}
                      onClick={() => buyNow(course)}
                      aria-label={`Buy Now: ${course.title}`}
                    >
                      Buy Now
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            className={buttonClass('secondary', 'min-h-11 px-5')}
            onClick={() => void pages.fetchNextPage()}
          >
            Show more courses
          </button>
        </div>
      )}
      <div className="mt-6">
        <AcademyRules />
      </div>
    </section>
  );
}
