import type { Config } from './config/config.ts';

/** The settings the server is built from (server.ts passes the whole loaded config). */
export type AppConfig = Pick<
  Config,
  | 'STORE_ID'
  | 'DATA_DIR'
  | 'WEB_DIST_DIR'
  | 'CATALOGUE_CACHE_CHECK_MS'
  | 'CATALOGUE_CACHE_MAX_MB'
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
  | 'OTP_SEND_LIMIT_PER_EMAIL_ALL'
  | 'ACCOUNT_WRITE_LIMIT_PER_IP'
  | 'SESSION_MAX_DAYS'
  | 'TRUST_PROXY'
  | 'PUBLIC_URL'
>;
