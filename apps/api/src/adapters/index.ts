import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../app-config.ts';
import { realSleep, systemClock, type Clock, type Sleep } from '../lib/clock.ts';
import { outboxEmailSender, smtpEmailSender, type EmailSender } from './email-sender.ts';
import { googleGeocoder, pincodeTableGeocoder, type Geocoder } from './geocoder.ts';
import { indiaPincodeDirectory } from './pincode-directory.ts';
import type { WebhookScheduler } from './webhook-scheduler.ts';
import {
  fcmPushSender,
  localPushSender,
  readServiceAccount,
  type PushSender,
} from './push-sender.ts';
import {
  googleKeys,
  googleTokenVerifier,
  LOCAL_GOOGLE_CLIENT_ID,
  localGoogleIssuer,
  localKeys,
  googleSignInMode,
  type GoogleSignInMode,
  type GoogleTokenVerifier,
  type LocalGoogleIssuer,
} from './google-sign-in.ts';

/** Replacements for the outside world, for tests. */
export interface AdapterOverrides {
  clock?: Clock;
  /** How the server waits (the login pause); the fuzz suite does not wait. */
  sleep?: Sleep;
  email?: EmailSender;
  push?: PushSender;
  /** The keys Google ID tokens are checked against (tests pass their own JWKS). */
  googleKeys?: JWTVerifyGetKey;
  geocoder?: Geocoder;
  /** Where the sandbox gateway's webhooks go; null: none are sent (tests post their own). */
  paymentWebhooks?: WebhookScheduler | null;
}

/** The outside world the services talk to, each local by default and real by configuration. */
export interface Adapters {
  clock: Clock;
  sleep: Sleep;
  email: EmailSender;
  push: PushSender;
  google: {
    /** Null when Google sign-in is off (a real shop without GOOGLE_CLIENT_ID). */
    verifier: GoogleTokenVerifier | null;
    mode: GoogleSignInMode;
    clientId: string;
    /** The local test issuer of Google-like tokens: the demo's, or GOOGLE_SIGN_IN=local. */
    localIssuer: LocalGoogleIssuer | null;
  };
  geocoder: Geocoder;
}

/**
 * Chooses each adapter from the configuration: email by SMTP_URL (else the outbox folder),
 * Google sign-in by GOOGLE_CLIENT_ID (else a local issuer in the demo or with
 * GOOGLE_SIGN_IN=local, else none: `googleSignInMode`), geocoding by GEOCODING_API_KEY
 * (else the store's own pincode table, read through `pincodeCoordinates`, and then the
 * all-India pincode directory), push notifications by PUSH_PROVIDER (local log, or FCM with
 * FCM_PROJECT_ID and FCM_SERVICE_ACCOUNT_FILE).
 */
export async function buildAdapters(
  config: AppConfig,
  overrides: AdapterOverrides,
  log: FastifyBaseLogger,
  pincodeCoordinates: Parameters<typeof pincodeTableGeocoder>[0],
): Promise<Adapters> {
  const clock = overrides.clock ?? systemClock;
  const email =
    overrides.email ??
    (config.SMTP_URL
      ? smtpEmailSender(config.SMTP_URL, config.EMAIL_FROM)
      : outboxEmailSender(path.join(config.DATA_DIR, 'outbox'), config.EMAIL_FROM, log));
  if (!overrides.email && !config.SMTP_URL && !config.SEED_DEMO) {
    // The admin dashboard says so too; in the demo the folder is the point.
    log.warn(
      'No SMTP_URL: emails (sign-up codes, order confirmations) are written to DATA_DIR/outbox and reach nobody.',
    );
  }

  const mode = googleSignInMode(config);
  const localIssuer =
    mode === 'local'
      ? await localGoogleIssuer(
          path.join(config.DATA_DIR, 'secrets', 'google-local-key.json'),
          clock,
        )
      : null;
  if (localIssuer) {
    log.warn(
      'Google sign-in uses the local test issuer (no GOOGLE_CLIENT_ID; the demo or GOOGLE_SIGN_IN=local): it signs in customers at reserved test addresses only.',
    );
  }
  const clientId =
    mode === 'google'
      ? (config.GOOGLE_CLIENT_ID ?? '')
      : mode === 'local'
        ? LOCAL_GOOGLE_CLIENT_ID
        : '';
  const verifier =
    mode === 'off'
      ? null
      : googleTokenVerifier({
          keys: overrides.googleKeys ?? (localIssuer ? localKeys(localIssuer.jwks) : googleKeys()),
          clientId,
          clock,
        });

  const geocoder =
    overrides.geocoder ??
    (config.GEOCODING_API_KEY
      ? googleGeocoder(config.GEOCODING_API_KEY, log)
      : pincodeTableGeocoder(async (storeId, pincode) => {
          const own = await pincodeCoordinates(storeId, pincode);
          if (own) return own;
          const place = indiaPincodeDirectory().lookup(pincode);
          return place && { latitude: place.latitude, longitude: place.longitude };
        }));

  return {
    clock,
    sleep: overrides.sleep ?? realSleep,
    email,
    push: overrides.push ?? pushSender(config, log),
    google: { verifier, mode, clientId, localIssuer },
    geocoder,
  };
}

/** The push sender PUSH_PROVIDER names; FCM without its two settings is a start-up error. */
export function pushSender(
  config: Pick<AppConfig, 'PUSH_PROVIDER' | 'FCM_PROJECT_ID' | 'FCM_SERVICE_ACCOUNT_FILE'>,
  log: FastifyBaseLogger,
): PushSender {
  if (config.PUSH_PROVIDER === 'local') return localPushSender(log);
  if (!config.FCM_PROJECT_ID || !config.FCM_SERVICE_ACCOUNT_FILE) {
    throw new Error(
      'Invalid configuration:\n  PUSH_PROVIDER=fcm needs FCM_PROJECT_ID and FCM_SERVICE_ACCOUNT_FILE',
    );
  }
  return fcmPushSender({
    projectId: config.FCM_PROJECT_ID,
    account: readServiceAccount(config.FCM_SERVICE_ACCOUNT_FILE),
    log,
  });
}
