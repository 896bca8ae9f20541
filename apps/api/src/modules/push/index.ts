import { shopModule } from '../../module-definition.ts';
import { fcmWebOptions, pushRoutes } from './push-routes.ts';

export { fcmWebOptions } from './push-routes.ts';

/** Web push: the storefront's Firebase settings (device tokens are registered by accounts). */
export const push = shopModule({
  name: 'push',
  provides: {},
  needs: {},
  build: () => ({}),
  register: (app, _services, { config }) => pushRoutes(app, { fcm: fcmWebOptions(config) }),
});
