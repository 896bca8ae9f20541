import { AdminPage } from '../layout/admin-page.tsx';
import { SecurityForm } from './security-form.tsx';

/** The store's settings (owner only): one form per part, each saved on its own. */
export function Component() {
  return (
    <AdminPage title="Settings">
      <div className="flex flex-col gap-4">
        <SecurityForm />
      </div>
    </AdminPage>
  );
}
