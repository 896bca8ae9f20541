import type { AccountUser, Admission } from '@shop/contracts';
import { useEffect } from 'react';
import {
  readAdmission,
  saveAdmission,
  type StoredAdmission,
} from '../../../lib/checkout-handoff.ts';
import { useAdmissionOf } from './admission-api.ts';

/**
 * The shopper's admission: the server's, else the local copy the form left while the server is
 * asked (issue 59 item 8: a parent on another device, or whose browser forgot it, is not sent
 * back to fill the form again); the server's is then kept locally, as the form's answer is.
 * `checking` while the server is still asked and there is no local copy: neither "fill the form
 * first" nor paying yet. `waiting`: the server's admission still needs a parent's consent (issue
 * 61 item 4), so it cannot be paid.
 */
export function useKnownAdmission(user: AccountUser | null): {
  admission: StoredAdmission | null;
  onServer: Admission | null;
  checking: boolean;
  waiting: boolean;
} {
  const local = readAdmission();
  const server = useAdmissionOf(user?.user_id ?? '');
  const onServer = server.data ?? null;
  useEffect(() => {
    if (onServer) saveAdmission(onServer);
  }, [onServer]);
  return {
    admission: onServer ?? local,
    onServer,
    checking: local === null && server.isPending && user !== null,
    waiting: onServer?.status === 'awaiting_parent_consent',
  };
}
