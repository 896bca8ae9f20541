import { useQuery } from '@tanstack/react-query';
import type { CartButton, PageMeta } from '@shop/contracts';
import { defaultCartMode, type CartMode } from '@shop/domain';
import { getJson, STORE_ID } from './api-client.ts';
import { firstScreenLoadedAt, takeFirstScreenAnswer } from './first-screen.ts';

const store = encodeURIComponent(STORE_ID);
const FIVE_MINUTES = 5 * 60_000;

interface Envelope<T> {
  isError: false;
  data: T;
}

/** A per-store read of the API, cached for the session. */
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

/** The store's default purchase mode (Add to Cart, Buy Now, Get Quote or none). */
export function useCartMode(): CartMode | undefined {
  const { data } = useStoreRead<CartButton[]>('cart-buttons', '/button');
  return data ? defaultCartMode(data) : undefined;
}

export const useMarquee = () => useStoreRead<{ heading: string }[]>('marquee', '/marquee/all');
export const usePageMeta = () => useStoreRead<PageMeta>('meta', '/meta');

/** The shop's name (its logo and the end of every page title); empty until the meta is read. */
export const useShopName = (): string => usePageMeta().data?.store_name ?? '';

/** The store's configured purchase buttons (button_id, default flag, status). */
export const useCartButtons = () => useStoreRead<CartButton[]>('cart-buttons', '/button');
