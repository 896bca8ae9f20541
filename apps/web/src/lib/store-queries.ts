import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartButton, HelpResponse, PageMeta, PayButton } from '@shop/contracts';
import { defaultCartMode, type CartMode } from '@shop/domain';
import { getJson, STORE_ID } from './api-client.ts';
import { firstScreenLoadedAt, takeFirstScreenAnswer } from './first-screen.ts';

const store = encodeURIComponent(STORE_ID);
const FIVE_MINUTES = 5 * 60_000;

interface Envelope<T> {
  isError: false;
  data: T;
}

/**
 * Store-level reads (the shop's settings, not its catalogue items): one place, and one query key
 * per shape. A key names exactly one shape of data: two reads that share a key must store the
 * same thing, or the second one reads the first one's data.
 */

/** A per-store read of the API, cached for the session; `key` is its own, one shape per key. */
export function useStoreRead<T>(key: string, path: string) {
  const url = `${path}/${store}`;
  return useQuery({
    queryKey: [key, STORE_ID],
    queryFn: ({ signal }) => getJson<Envelope<T>>(url, signal).then((r) => r.data),
    initialData: () => takeFirstScreenAnswer<Envelope<T>>(url)?.data,
    initialDataUpdatedAt: firstScreenLoadedAt,
    staleTime: FIVE_MINUTES,
  });
}

/** The store's configured purchase buttons (button_id, default flag, status). */
export const useCartButtons = () => useStoreRead<CartButton[]>('cart-buttons', '/button');

/** The store's default purchase mode (Add to Cart, Buy Now, Get Quote or none). */
export function useCartMode(): CartMode | undefined {
  const { data } = useCartButtons();
  return data ? defaultCartMode(data) : undefined;
}

/** The store's payment buttons (pay now, pay on delivery, manual). */
export const usePayButtons = () => useStoreRead<PayButton[]>('pay-buttons', '/paybutton');

export type ShopHelp = HelpResponse['help'];

/**
 * The shop's WhatsApp and phone numbers and email (the Help tab, the quote's chat link, the
 * contact page): the key
 * ['help', store] holds the `help` object, for every reader. Use `useHelp` in components and
 * `queryClient.fetchQuery(helpQuery)` in event handlers.
 */
export const helpQuery = queryOptions({
  queryKey: ['help', STORE_ID],
  queryFn: ({ signal }): Promise<ShopHelp> =>
    getJson<HelpResponse>(`/help/single/${store}`, signal).then((r) => r.help),
  // The contact page's first screen carries it.
  initialData: () => takeFirstScreenAnswer<HelpResponse>(`/help/single/${store}`)?.help,
  initialDataUpdatedAt: firstScreenLoadedAt,
  staleTime: FIVE_MINUTES,
});

export const useHelp = () => useQuery(helpQuery);

export const useMarquee = () => useStoreRead<{ heading: string }[]>('marquee', '/marquee/all');
export const usePageMeta = () => useStoreRead<PageMeta>('meta', '/meta');

/** The shop's name (its logo and the end of every page title); empty until the meta is read. */
export const useShopName = (): string => usePageMeta().data?.store_name ?? '';
