import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { StaffUser } from '@shop/contracts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useShopName } from '../../lib/store-queries.ts';
import { useHeaderHeight } from '../../lib/use-header-height.ts';
import { adminSections } from '../admin-sections.ts';
import { adminSignOut } from '../lib/admin-api.ts';
import { useStaffUser } from '../lib/use-staff-user.ts';
import { SignInPage } from '../sign-in/sign-in-page.tsx';

/** The nav entries this user may see: owner-only ones are hidden from staff. */
export function visibleSections(user: StaffUser) {
  return adminSections.filter((s) => !s.nav.ownerOnly || user.role === 'owner');
}

function AdminNav({ user, onNavigate }: { user: StaffUser; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const sections = visibleSections(user);
  // An entry with one under it that matches (Products, at /products/categories) is not marked.
  const childOpen = (to: string) =>
    sections.some(
      (s) => s.nav.under === to && (pathname === s.nav.to || pathname.startsWith(`${s.nav.to}/`)),
    );
  return (
    <ul className="flex flex-col gap-1 p-3">
      {sections.map(({ nav }) => (
        <li key={nav.to}>
          <NavLink
            to={nav.to}
            end={nav.to === '/' || childOpen(nav.to)}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${nav.under ? 'ml-4' : ''} ${
                isActive ? 'bg-orange-100 text-orange-900' : 'text-slate-800 hover:bg-slate-100'
              }`
            }
          >
            {nav.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin's frame: a top bar (menu button on phones, the shop's name, who is signed in,
 * Sign out), the nav (a sidebar from 768 px, a menu panel below), and the page. Signed out, the
 * sign-in screen is shown in its place at whatever admin URL was asked for.
 */
export function AdminLayout() {
  const user = useStaffUser();
  const shopName = useShopName();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => setMenuOpen(false), [pathname]);
  const header = useHeaderHeight();

  if (!user) return <SignInPage />;
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr] md:grid-rows-[auto_1fr]">
      <header
        ref={header}
        className="sticky top-0 z-20 flex min-h-14 items-center gap-2 bg-slate-900 px-3 text-white md:col-span-2"
      >
        <button
          type="button"
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-slate-800 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">Menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <p className="min-w-0 flex-1 truncate font-bold">
          {shopName || 'Shop'} <span className="font-normal text-slate-300">admin</span>
        </p>
        <p className="hidden text-sm text-slate-300 sm:block">
          {user.email} · {user.role === 'owner' ? 'Owner' : 'Staff'}
        </p>
        <button
          type="button"
          className={buttonClass('ghost', 'text-white hover:bg-slate-800')}
          onClick={() => {
            // The next person to sign in starts at the dashboard, not on this one's page.
            void navigate('/');
            void adminSignOut();
          }}
        >
          Sign out
        </button>
      </header>
      {/* Above the page's sticky save bars (z-10), so an open menu is never covered. */}
      <nav
        id="admin-nav"
        aria-label="Admin"
        className={`${menuOpen ? 'block' : 'hidden'} fixed inset-x-0 top-14 z-30 border-b border-slate-200 bg-white shadow-lg md:static md:block md:border-r md:border-b-0 md:shadow-none`}
      >
        <AdminNav user={user} onNavigate={() => setMenuOpen(false)} />
      </nav>
      <main className="min-w-0 p-4 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
