import { shopModule } from '../../module-definition.ts';
import { healthRoutes } from './health-routes.ts';

/** Health: GET /api/health, /api/health/live and /api/health/ready. */
export const health = shopModule({
  name: 'health',
  provides: {},
  needs: {},
  build: () => ({}),
  register: (app, _services, { database }) =>
    healthRoutes(app, {
      ping: () => database.ping(),
      pendingMigrations: () => database.pendingMigrations(),
      storeOf: (request) => app.storeOf(request),
    }),
});
