import { useQuery } from '@tanstack/react-query';
import type { ContentPageResponse, OfficeResponse } from '@shop/contracts';
import { firstScreenLoadedAt, takeFirstScreenAnswer } from '../../../lib/first-screen.ts';
import { STORE_ID } from '../../../lib/api-client.ts';
import { contentPagePath, getContentPage, getOffice, officePath } from '../api/content-api.ts';

const FIVE_MINUTES = 5 * 60_000;

/** A content page of the store; the server's first screen carries it on a first visit. */
export function useContentPage(slug: string) {
  return useQuery({
    queryKey: ['content-page', STORE_ID, slug],
    queryFn: ({ signal }) => getContentPage(slug, signal).then((r) => r.data),
    initialData: () => takeFirstScreenAnswer<ContentPageResponse>(contentPagePath(slug))?.data,
    initialDataUpdatedAt: firstScreenLoadedAt,
    staleTime: FIVE_MINUTES,
  });
}

/** The office address (the spec's google_address) for the contact block. */
export function useOffice() {
  return useQuery({
    queryKey: ['office', STORE_ID],
    queryFn: ({ signal }) => getOffice(signal),
    initialData: () => takeFirstScreenAnswer<OfficeResponse>(officePath),
    initialDataUpdatedAt: firstScreenLoadedAt,
    staleTime: FIVE_MINUTES,
  });
}
