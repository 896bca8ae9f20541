import { shopModule } from '../../module-definition.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import { adminRoutes } from './admin-routes.ts';

/** The admin module: the staff sign-in (/api/admin/login) and /api/admin/me. */
export const admin = shopModule({
  name: 'admin',
  provides: {},
  needs: { accounts: true },
  build: (_context, _needs: { accounts: AccountsService }) => ({}),
  register: (app, { accounts }) => adminRoutes(app, { accounts }),
});
