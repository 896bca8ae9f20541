import { useQuery } from '@tanstack/react-query';
import type {
  AdmissionCreateRequest,
  AdmissionResponse,
  AdmissionSingleResponse,
} from '@shop/contracts';
import { STORE_ID } from '../../../lib/api-client.ts';
import { authJson } from '../../../lib/api-request.ts';

const id = (s: string) => encodeURIComponent(s);

export const admissionKey = (userId: string) => ['admission', userId] as const;

/** GET /admission/single/{userId}: the user's admission (Aadhaar masked), to prefill the form. */
export function useAdmissionOf(userId: string, enabled = true) {
  return useQuery({
    queryKey: admissionKey(userId),
    enabled: enabled && userId !== '',
    retry: false,
    queryFn: ({ signal }) =>
      authJson<AdmissionSingleResponse>(
        'GET',
        `/admission/single/${id(userId)}`,
        undefined,
        signal,
      ).then((r) => r.user),
  });
}

/** POST /admission, or PUT /admission/{id} when the user has one. */
export const submitAdmission = (existingId: string | null, body: AdmissionCreateRequest) =>
  authJson<AdmissionResponse>(
    existingId ? 'PUT' : 'POST',
    existingId ? `/admission/${id(existingId)}` : '/admission',
    { ...body, main_id: STORE_ID },
  );
