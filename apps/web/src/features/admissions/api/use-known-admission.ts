import { useEffect } from 'react';
import type { AccountUser } from '@shop/contracts';
import {
  readAdmission,
  saveAdmission,
  type StoredAdmission,
} from '../../../lib/checkout-handoff.ts';
import { useAdmissionOf } from './admission-api.ts';

/**
 * The shopper's admission: the local copy the form left, else the server's (issue 59 item 8: a
 * parent on another device, or whose browser forgot it, is not sent back to fill the form
 * again); the server's is then kept locally, as the form's answer is. `checking` while the
 * server is still asked and there is no local copy: neither "fill the form first" nor paying yet.
 */
export function useKnownAdmission(user: AccountUser | null): {
  admission: StoredAdmission | null;
  checking: boolean;
} {
  const local = readAdmission();
  const server = useAdmissionOf(user?.user_id ?? '', local === null);
  const onServer = server.data ?? null;
  useEffect(() => {
    if (onServer) saveAdmission(onServer);
  }, [onServer]);
  return {
    admission: local ?? onServer,
    checking: local === null && server.isPending && user !== null,
  };
}
