import { useQuery } from '@tanstack/react-query';
import type {
  ConsentConfirmResponse,
  ConsentView,
  AdmissionCreateRequest,
  AdmissionResponse,
  AdmissionSingleResponse,
} from '@shop/contracts';
import { STORE_ID } from '../../../lib/api-client.ts';
import { authJson } from '../../../lib/api-request.ts';

interface ConsentViewResponse {
  data: ConsentView;
}

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

/** POST /admission-consent/view: what a parent's consent link asks (their own account only). */
export const viewConsent = (token: string) =>
  authJson<ConsentViewResponse>('POST', '/admission-consent/view', { token });

/** POST /admission-consent/confirm: the parent consents (the link works once). */
export const confirmConsent = (token: string) =>
  authJson<ConsentConfirmResponse>('POST', '/admission-consent/confirm', {
    token,
    declaration: true,
  });
