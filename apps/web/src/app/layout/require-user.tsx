import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberReturnPage } from '../../lib/session.ts';
import { useUser } from '../../lib/use-session.ts';

/**
 * The guard of protected routes (accounts §2, §4): without a stored user it remembers the page
 * in sessionStorage `navigatepage` and goes to /login; login comes back to it.
 * Use as a layout route around the protected pages.
 */
export function RequireUser() {
  const user = useUser();
  const { pathname, search, hash } = useLocation();
  if (!user) {
    rememberReturnPage(`${pathname}${search}${hash}`);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
