import { ComingSoon } from '../layout/admin-page.tsx';

/** /admin/orders: the orders desk (placeholder until it is built). */
export function Component() {
  return (
    <ComingSoon title="Orders">The orders desk will show the shop&apos;s orders here.</ComingSoon>
  );
}
