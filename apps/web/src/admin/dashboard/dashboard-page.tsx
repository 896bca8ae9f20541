import { ComingSoon } from '../layout/admin-page.tsx';

/** /admin: the dashboard (placeholder until the dashboard is built). */
export function Component() {
  return (
    <ComingSoon title="Dashboard">
      Today&apos;s orders and revenue, orders waiting to be packed and new inbox items will show
      here.
    </ComingSoon>
  );
}
