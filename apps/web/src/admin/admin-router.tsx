import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error.tsx';
import { adminSections } from './admin-sections.ts';
import { AdminLayout } from './layout/admin-layout.tsx';
import { RequireOwner } from './layout/require-owner.tsx';

/** Every admin page is its own chunk; owner-only areas sit under RequireOwner. */
export const adminRoutes: RouteObject[] = [
  {
    Component: AdminLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...adminSections.filter((s) => !s.nav.ownerOnly).flatMap((s) => s.routes),
          {
            Component: RequireOwner,
            children: adminSections.filter((s) => s.nav.ownerOnly).flatMap((s) => s.routes),
          },
          { path: '*', lazy: () => import('./layout/admin-not-found.tsx') },
        ],
      },
    ],
  },
];

export const adminRouter = createBrowserRouter(adminRoutes, { basename: '/admin' });
