import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentChangedResponse, ConsentListResponse, ConsentStatus } from '@shop/contracts';
import type { ConsentPurpose, ConsentSource } from '@shop/domain';
import { authJson } from './api-request.ts';

/** The signed-in shopper's consents, cached per account. */
export const consentsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['consents', userId] as const,
    queryFn: ({ signal }) =>
      authJson<ConsentListResponse>('GET', '/privacy/consents', undefined, signal).then(
        (r) => r.data,
      ),
  });

/** GET /privacy/consents: each purpose, whether it stands, when and under which notice. */
export function useConsents(userId: string, enabled = true) {
  return useQuery({ ...consentsQuery(userId), enabled: enabled && userId !== '' });
}

/** POST /privacy/consents: gives a consent (again) on the form `source`. */
export function giveConsent(purpose: ConsentPurpose, source: ConsentSource) {
  return authJson<ConsentChangedResponse>('POST', '/privacy/consents', { purpose, source });
}

/** DELETE /privacy/consents/{purpose}: withdraws it; what it covered stops at once. */
export function withdrawConsent(purpose: ConsentPurpose) {
  return authJson<ConsentChangedResponse>(
    'DELETE',
    `/privacy/consents/${encodeURIComponent(purpose)}`,
  );
}

/** Gives or withdraws a purpose, keeping the cached list in step with the answer. */
export function useChangeConsent(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      purpose,
      give,
      source,
    }: {
      purpose: ConsentPurpose;
      give: boolean;
      source: ConsentSource;
    }) => (give ? giveConsent(purpose, source) : withdrawConsent(purpose)),
    onSuccess: (answer) => {
      client.setQueryData<ConsentStatus[]>(consentsQuery(userId).queryKey, (list) =>
        list?.map((s) => (s.purpose === answer.data.purpose ? answer.data : s)),
      );
      void client.invalidateQueries({ queryKey: consentsQuery(userId).queryKey });
    },
  });
}
