import { QueryClient } from '@tanstack/react-query';

/**
 * The storefront's one query cache: the app provides it, and a route's loader may start the
 * reads its page will make before the page first renders (they then arrive into this cache).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});
