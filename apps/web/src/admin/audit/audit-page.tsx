import { ComingSoon } from '../layout/admin-page.tsx';

/** /admin/audit: the audit log of admin writes (owner only). */
export function Component() {
  return <ComingSoon title="Audit log">Every change made in the admin will show here.</ComingSoon>;
}
