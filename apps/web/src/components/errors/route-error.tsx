import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Button, buttonClass } from '../ui/button.tsx';
import { logError } from '../../lib/log-error.ts';

/**
 * The error element of every route: a page that failed to render (or to load) shows this
 * instead of a blank page, with Retry (loads the page again) and a way home, and is logged.
 * It reads no query and no store, so it works when those are what failed.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => {
    logError(`Page ${pathname} failed to render`, error);
  }, [error, pathname]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound ? 'Sorry, we could not find that page.' : 'Sorry, something went wrong.'}
      </h1>
      <p className="text-slate-700">
        {notFound
          ? 'It may have moved. Have a look at what we have today.'
          : 'This page could not be shown. Please try again, or go back to the home page.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button className="min-h-11 px-5" onClick={() => window.location.reload()}>
          Retry
        </Button>
        {/* A full page load: whatever state broke this page is read again from scratch. */}
        <a href="/" className={buttonClass('secondary', 'min-h-11 px-5')}>
          Go home
        </a>
      </div>
    </section>
  );
}
