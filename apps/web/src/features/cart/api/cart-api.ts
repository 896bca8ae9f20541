import type {
  CartLine,
  CartResponse,
  CartWriteResponse,
  HelpResponse,
  PayButton,
  Product,
  QuoteRequest,
  QuoteResponse,
} from '@shop/contracts';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';
import { authJson } from '../../../lib/api-request.ts';
import { useStoreRead } from '../../../lib/store-queries.ts';

const store = encodeURIComponent(STORE_ID);
const sku = (s: string) => encodeURIComponent(s);

export const cartKey = (userId: string) => ['cart', userId] as const;

export const fetchCart = (userId: string, signal?: AbortSignal) =>
  authJson<CartResponse>('GET', `/cart/${encodeURIComponent(userId)}`, undefined, signal);

/** POST /cart with the whole line; the server reads product, sku, quantity and user only. */
export const postCartLine = (line: CartLine) => authJson<CartWriteResponse>('POST', '/cart', line);

export const patchCartQuantity = (lineSku: string, quantity: number) =>
  authJson<CartWriteResponse>('PATCH', `/cart/${sku(lineSku)}`, { quantity });

export const deleteCartLine = (lineSku: string) =>
  authJson<CartWriteResponse>('DELETE', `/cart/${sku(lineSku)}`);

export const requestQuote = (body: QuoteRequest) =>
  authJson<QuoteResponse>('POST', '/payment/getquote', body);

export const fetchProduct = (productId: string, signal?: AbortSignal) =>
  getJson<{ data: Product }>(
    `/grouped-product/single/${encodeURIComponent(productId)}`,
    signal,
  ).then((r) => r.data);

/** The shop's chat number (the quote's chat link). */
export const helpQuery = {
  queryKey: ['help', STORE_ID],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    getJson<HelpResponse>(`/help/single/${store}`, signal),
  staleTime: 5 * 60_000,
};
export const usePayButtons = () => useStoreRead<PayButton[]>('pay-buttons', '/paybutton');
