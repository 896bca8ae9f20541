import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberReturnPage } from '../../lib/session.ts';
import { useUser } from '../../lib/use-session.ts';

/**
 * The guard of protected routes (accounts §2, §4): a guest who opens one is sent to /login and
 * the page is remembered in sessionStorage `navigatepage`, so login (or registering from there)
 * comes back to it (takeReturnPage; `?next=` also works for links from elsewhere).
 * Signing out on a protected page also leaves for /login, but remembers nothing.
 * Use as a layout route around the protected pages.
 */
export function RequireUser() {
  const user = useUser();
  const [cameAsGuest] = useState(() => user === null);
  const { pathname, search, hash } = useLocation();
  if (!user) {
    if (cameAsGuest) rememberReturnPage(`${pathname}${search}${hash}`);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
