import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Button, buttonClass } from '../ui/button.tsx';
import { logError } from '../../lib/log-error.ts';
import { isNetworkError, useOnline } from './offline.ts';

/**
 * The error element of every route: a page that failed to render (or to load) shows this
 * instead of a blank page, with Retry (loads the page again) and a way home, and is logged.
 * A page that could not be fetched for want of a network (or while the browser is offline) says
 * so, and loads again by itself when the browser is back online (issue 59 item 7).
 * It reads no query and no store, so it works when those are what failed.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const online = useOnline();
  const offline = !online || isNetworkError(error);
  useEffect(() => {
    if (!offline) logError(`Page ${pathname} failed to render`, error);
  }, [error, pathname, offline]);
  // Back online: the page's script is fetched again (a failed import is not retried in place).
  useEffect(() => {
    if (!offline) return;
    const again = () => window.location.reload();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline]);
  if (offline) return <OfflineMessage />;
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

/** A page that could not load without a network. */
function OfflineMessage() {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">You are offline</h1>
      <p className="text-slate-700">
        Check your mobile data or Wi-Fi. This page will load by itself when you are back online.
      </p>
      <Button className="min-h-11 px-5" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </section>
  );
}
