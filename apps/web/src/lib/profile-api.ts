import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountUser, SingleUserResponse } from '@shop/contracts';
import { authJson } from './api-request.ts';

const id = (s: string) => encodeURIComponent(s);

/**
 * GET /registeruser/single/{id}: the stored name, mobile and GST number (checkout's prefill and
 * the privacy page's "Correct your details"; shared here since features never import each other).
 */
export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: ({ signal }) =>
      authJson<SingleUserResponse>('GET', `/registeruser/single/${id(userId)}`, undefined, signal),
    staleTime: 60_000,
  });

export const useProfile = (userId: string) => useQuery(profileQuery(userId));

/** What PUT /registeruser/api/user/{id} changes; absent fields stay as they are. */
export interface ProfileChanges {
  full_name?: string;
  mobile?: string;
  user_gstNo?: string;
}

/** PUT /registeruser/api/user/{id}: saves the name, mobile and GST number on the account. */
export const saveProfile = (userId: string, body: ProfileChanges) =>
  authJson<{ success: true; data: AccountUser }>(
    'PUT',
    `/registeruser/api/user/${id(userId)}`,
    body,
  );
