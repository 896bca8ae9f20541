import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { pathWithNext } from '../../lib/return-path.ts';
import { rememberReturnPage } from '../../lib/session.ts';
import { useUser } from '../../lib/use-session.ts';

/**
 * The guard of protected routes (accounts §2, §4): a guest who opens one is sent to /login and
 * the page is remembered in sessionStorage `navigatepage` and in `?next=`, so login (or
 * registering from there) comes back to it.
 * Signing out on a protected page also leaves for /login, but remembers nothing.
 * Use as a layout route around the protected pages.
 */
export function RequireUser() {
  const user = useUser();
  const [cameAsGuest] = useState(() => user === null);
  const { pathname, search, hash } = useLocation();
  if (!user) {
    if (!cameAsGuest) return <Navigate to="/login" replace />;
    const page = `${pathname}${search}${hash}`;
    rememberReturnPage(page);
    return <Navigate to={pathWithNext('/login', page)} replace />;
  }
  return <Outlet />;
}
