import type { RouteObject } from 'react-router';

/**
 * One area of the admin (Dashboard, Orders, Inbox, Staff, Audit log): its nav entry and its
 * routes (paths relative to /admin). Each area's folder exports one; admin-sections.ts lists
 * them in nav order.
 */
export interface AdminSection {
  nav: {
    /** The nav link, relative to /admin: '/' is the dashboard, '/orders' the orders desk. */
    to: string;
    label: string;
    /** Shown to (and routed for) the owner only; staff never see the entry. */
    ownerOnly: boolean;
    /** The entry it is shown under, indented (Categories under '/products'). */
    under?: string;
  };
  routes: RouteObject[];
}
