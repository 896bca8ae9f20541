import { Link } from 'react-router';
import { AdminPage } from './admin-page.tsx';

/** An admin address that names no page. */
export function Component() {
  return (
    <AdminPage title="Page not found">
      <p className="text-slate-700">
        There is no such admin page.{' '}
        <Link to="/" className="font-semibold text-orange-800 underline">
          Go to the dashboard
        </Link>
      </p>
    </AdminPage>
  );
}
