import { useOnline } from './offline.ts';

/**
 * A line at the top of every page while the browser is offline: what the shopper sees stays,
 * and what could not load is fetched again when the network is back (React Query refetches on
 * reconnect). Issue 59 item 7.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">
          You are offline. We will carry on when you are back online.
        </p>
      )}
    </div>
  );
}
