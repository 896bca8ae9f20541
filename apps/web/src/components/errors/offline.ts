import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it is online, kept up to date by its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The browsers' words for a request or a page's script that could not be fetched at all (no
 * network, not an answer from the server): Chrome, Firefox and Safari.
 */
const NETWORK_FAILURE =
  /failed to fetch|networkerror|network request failed|load failed|importing a module script failed|error loading dynamically imported module|unable to preload css/i;

/** Whether an error is a fetch or a script import that failed for want of a network. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof Error && NETWORK_FAILURE.test(error.message);
}
