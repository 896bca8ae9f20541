import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@shop/db';
import type { JWTVerifyGetKey } from 'jose';
import { outboxEmailSender, smtpEmailSender, type EmailSender } from './adapters/email-sender.ts';
import { googleGeocoder, pincodeTableGeocoder, type Geocoder } from './adapters/geocoder.ts';
import {
  googleKeys,
  googleTokenVerifier,
  LOCAL_GOOGLE_CLIENT_ID,
  localGoogleIssuer,
  localKeys,
} from './adapters/google-sign-in.ts';
import type { Config } from './config/config.ts';
import { accessTokens } from './lib/access-tokens.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { deriveKey, loadOrCreateSecret } from './lib/secrets.ts';
import { AccountsRepository } from './modules/accounts/accounts-repository.ts';
import { accountsRoutes } from './modules/accounts/accounts-routes.ts';
import { AccountsService } from './modules/accounts/accounts-service.ts';
import { AddressesRepository } from './modules/addresses/addresses-repository.ts';
import { addressesRoutes } from './modules/addresses/addresses-routes.ts';
import { AddressesService } from './modules/addresses/addresses-service.ts';
import { CartRepository } from './modules/cart/cart-repository.ts';
import { cartRoutes } from './modules/cart/cart-routes.ts';
import { CartService } from './modules/cart/cart-service.ts';
import { QuotesRepository } from './modules/quotes/quotes-repository.ts';
import { quotesRoutes } from './modules/quotes/quotes-routes.ts';
import { QuotesService } from './modules/quotes/quotes-service.ts';
import { bearerAuthenticator, type Authenticate } from './plugins/auth.ts';
import { RateLimiter } from './plugins/rate-limiter.ts';

export type CustomerConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'AUTH_SECRET'
  | 'ACCESS_TOKEN_TTL_SECONDS'
  | 'REFRESH_TOKEN_TTL_DAYS'
  | 'EMAIL_FROM'
  | 'SMTP_URL'
  | 'GOOGLE_CLIENT_ID'
  | 'APP_SHELL_UA_MARKER'
  | 'GEOCODING_API_KEY'
  | 'OTP_SEND_LIMIT_PER_EMAIL'
  | 'OTP_SEND_LIMIT_PER_IP'
  | 'OTP_TRY_LIMIT_PER_IP'
  | 'LOGIN_LIMIT_PER_EMAIL'
  | 'LOGIN_LIMIT_PER_IP'
>;

/** The outside world of accounts, replaceable in tests. */
export interface CustomerAdapters {
  clock?: Clock;
  email?: EmailSender;
  /** The keys Google ID tokens are checked against (tests pass their own JWKS). */
  googleKeys?: JWTVerifyGetKey;
  geocoder?: Geocoder;
}

/**
 * Builds the customer modules (accounts, addresses, cart, quotes) with their adapters (local by
 * default, real by configuration) and registers their routes under the given /api instance.
 * Returns the authenticator that later modules (checkout, orders) use.
 */
export async function registerCustomerModules(
  api: FastifyInstance,
  db: Database,
  config: CustomerConfig,
  adapters: CustomerAdapters = {},
): Promise<Authenticate> {
  const clock = adapters.clock ?? systemClock;
  const secrets = path.join(config.DATA_DIR, 'secrets');
  const secret = config.AUTH_SECRET ?? loadOrCreateSecret(path.join(secrets, 'auth-secret'));
  const tokens = accessTokens(
    deriveKey(secret, 'access-token-v1'),
    config.ACCESS_TOKEN_TTL_SECONDS,
    clock,
  );
  const authenticate = bearerAuthenticator(tokens);

  const email =
    adapters.email ??
    (config.SMTP_URL
      ? smtpEmailSender(config.SMTP_URL, config.EMAIL_FROM)
      : outboxEmailSender(path.join(config.DATA_DIR, 'outbox'), config.EMAIL_FROM, api.log));

  const realGoogle = config.GOOGLE_CLIENT_ID !== undefined;
  const localIssuer = realGoogle
    ? null
    : await localGoogleIssuer(path.join(secrets, 'google-local-key.json'), clock);
  if (localIssuer) {
    api.log.warn(
      'Google sign-in uses the local test issuer (no GOOGLE_CLIENT_ID): it signs in reserved test addresses only.',
    );
  }
  const google = googleTokenVerifier({
    keys: adapters.googleKeys ?? (localIssuer ? localKeys(localIssuer.jwks) : googleKeys()),
    clientId: config.GOOGLE_CLIENT_ID ?? LOCAL_GOOGLE_CLIENT_ID,
    clock,
  });

  const limiter = new RateLimiter(db, clock);
  const pruneTimer = setInterval(() => {
    limiter.prune().catch((err: unknown) => api.log.error({ err }, 'pruning rate limits failed'));
  }, 3_600_000);
  pruneTimer.unref();
  api.addHook('onClose', () => clearInterval(pruneTimer));

  const service = new AccountsService({
    repository: new AccountsRepository(db),
    email,
    google,
    tokens,
    limiter,
    clock,
    otpKey: deriveKey(secret, 'otp-v1'),
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    limits: {
      otpSendPerEmail: config.OTP_SEND_LIMIT_PER_EMAIL,
      otpSendPerIp: config.OTP_SEND_LIMIT_PER_IP,
      otpTryPerIp: config.OTP_TRY_LIMIT_PER_IP,
      loginPerEmail: config.LOGIN_LIMIT_PER_EMAIL,
      loginPerIp: config.LOGIN_LIMIT_PER_IP,
    },
    log: api.log,
  });

  const addressesRepository = new AddressesRepository(db);
  const geocoder =
    adapters.geocoder ??
    (config.GEOCODING_API_KEY
      ? googleGeocoder(config.GEOCODING_API_KEY, api.log)
      : pincodeTableGeocoder((storeId, pin) =>
          addressesRepository.pincodeCoordinates(storeId, pin),
        ));

  await api.register((scope, _o, done) => {
    accountsRoutes(scope, {
      service,
      authenticate,
      google: {
        mode: realGoogle ? 'google' : 'local',
        clientId: config.GOOGLE_CLIENT_ID ?? LOCAL_GOOGLE_CLIENT_ID,
        localIssuer,
      },
      appShellMarker: config.APP_SHELL_UA_MARKER,
    });
    done();
  });
  await api.register((scope, _o, done) => {
    addressesRoutes(scope, {
      service: new AddressesService(addressesRepository, geocoder),
      authenticate,
    });
    done();
  });

  const cart = new CartService(new CartRepository(db));
  await api.register((scope, _o, done) => {
    cartRoutes(scope, { service: cart, authenticate });
    done();
  });
  await api.register((scope, _o, done) => {
    quotesRoutes(scope, {
      service: new QuotesService(new QuotesRepository(db), cart),
      authenticate,
    });
    done();
  });
  return authenticate;
}
