import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function NotFound({ what = 'page' }: { what?: string }) {
  usePageTitle('Not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Sorry, we could not find that {what}.</h1>
      <p className="text-slate-700">
        It may have moved or sold out. Have a look at what we have today.
      </p>
      <div className="flex gap-2">
        <Link to="/" className={buttonClass('primary', 'px-5')}>
          Go home
        </Link>
        <Link to="/products" className={buttonClass('secondary', 'px-5')}>
          Browse products
        </Link>
      </div>
    </section>
  );
}

export function Component() {
  return <NotFound />;
}
