import { Navigate } from 'react-router';

/** /admin/content/categories, where the categories were: kept working, it goes to their page. */
export function Component() {
  return <Navigate to="/products/categories" replace />;
}
