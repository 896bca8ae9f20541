import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput, SavedAddress } from '@shop/contracts';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';
import { authJson, ServerError } from '../../../lib/api-request.ts';

export type DefaultKind = 'shipping' | 'billing';

const key = (userId: string) => ['addresses', userId] as const;

/** GET /address/{userId}: the user's saved addresses. */
export const addressesQuery = (userId: string) =>
  queryOptions({
    queryKey: key(userId),
    queryFn: ({ signal }) =>
      authJson<{ data: Address[] }>(
        'GET',
        `/address/${encodeURIComponent(userId)}`,
        undefined,
        signal,
      ).then((r) => r.data),
  });

/** The user's saved addresses. */
export function useAddresses(userId: string, enabled = true) {
  return useQuery({ ...addressesQuery(userId), enabled: enabled && userId !== '' });
}

/** The spec's message for a failed call: `ifRefused` for an error answer, else `ifBroken`. */
export function failureMessage(error: unknown, ifRefused: string, ifBroken: string): string {
  return error instanceof ServerError ? ifRefused : ifBroken;
}

/**
 * The pincodes the shop delivers to (none: everywhere), to say in the address form when it does
 * not deliver to the one typed. Same key and shape as the product page's pincode check.
 */
export function useServedPincodes() {
  return useQuery({
    queryKey: ['pincodes', STORE_ID],
    queryFn: ({ signal }) =>
      getJson<{ pincodesData: { pincode: string }[] }>(
        `/pincode/getall/${encodeURIComponent(STORE_ID)}`,
        signal,
      ).then((r) => r.pincodesData.map((p) => p.pincode)),
    staleTime: 5 * 60_000,
  });
}

/** Adds (no id) or updates an address; the answer says whether the shop delivers there. */
export function useSaveAddress(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AddressInput }) =>
      id
        ? authJson<{ data: SavedAddress }>('PUT', `/address/${encodeURIComponent(id)}`, input)
        : authJson<{ data: SavedAddress }>('POST', '/address', {
            ...input,
            user_id: userId,
            main_id: STORE_ID,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: key(userId) }),
  });
}

export function useDeleteAddress(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authJson<unknown>('DELETE', `/address/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: key(userId) }),
  });
}

/** Makes an address the default shipping or billing one; the server clears the previous one. */
export function useSetDefaultAddress(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: DefaultKind }) =>
      authJson<unknown>(
        'PATCH',
        `/address/${encodeURIComponent(id)}`,
        kind === 'shipping' ? { defaultaddressS: true } : { defaultaddressB: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: key(userId) }),
  });
}
