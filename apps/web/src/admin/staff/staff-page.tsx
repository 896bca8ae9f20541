import { ComingSoon } from '../layout/admin-page.tsx';

/** /admin/staff: the shop's staff (owner only). */
export function Component() {
  return <ComingSoon title="Staff">The shop&apos;s staff will show here.</ComingSoon>;
}
