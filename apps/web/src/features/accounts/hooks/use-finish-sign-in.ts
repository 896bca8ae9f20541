import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { AccountUser, TokenPair } from '@shop/contracts';
import { saveSession, takeReturnPage } from '../../../lib/session.ts';

/**
 * After login or Google sign-in: store the session, say so, and go to the page in `?next=` (a
 * page of this site only), the remembered page (sessionStorage `navigatepage`, then forgotten)
 * or home.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  return useCallback(
    (user: AccountUser, tokens: TokenPair) => {
      saveSession(user, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
      toast.success('Login successful!');
      void navigate(takeReturnPage(next), { replace: true });
    },
    [navigate, next],
  );
}
