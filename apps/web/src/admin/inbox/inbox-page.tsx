import { ComingSoon } from '../layout/admin-page.tsx';

/** /admin/inbox: leads, enquiries, quotes and admissions (placeholder until it is built). */
export function Component() {
  return (
    <ComingSoon title="Inbox">
      Leads, enquiries, quote requests and admissions will show here.
    </ComingSoon>
  );
}
