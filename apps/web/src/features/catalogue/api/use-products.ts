import { useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@shop/contracts';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';

export function useProducts(page = 1) {
  return useQuery({
    queryKey: ['products', STORE_ID, page],
    queryFn: ({ signal }) =>
      getJson<ProductListResponse>(
        `/grouped-product/search-all-products/${encodeURIComponent(STORE_ID)}?page=${page}&limit=20&courses=exclude`,
        signal,
      ),
  });
}
