import { AdminPage } from '../layout/admin-page.tsx';

// Placeholder until this page is built (issue 15).
export function Component() {
  return <AdminPage title="Products">{null}</AdminPage>;
}
