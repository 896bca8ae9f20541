import { useQuery } from '@tanstack/react-query';
import type { CourseDetailsList } from '@shop/contracts';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';

/** GET /course-details/{storeId}: every course's batch, schedule, age group and place given. */
export function useCourseDetails(enabled = true) {
  return useQuery({
    queryKey: ['course-details', STORE_ID],
    queryFn: ({ signal }) =>
      getJson<{ data: CourseDetailsList }>(
        `/course-details/${encodeURIComponent(STORE_ID)}`,
        signal,
      ).then((r) => r.data),
    staleTime: 5 * 60_000,
    enabled,
  });
}
