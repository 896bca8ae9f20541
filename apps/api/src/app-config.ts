import type { Config } from './config/config.ts';

/** The settings the server is built from (server.ts passes the whole loaded config). */
export type AppConfig = Pick<
  Config,
  | 'STORE_ID'
  | 'DATA_DIR'
  | 'WEB_DIST_DIR'
  | 'CATALOGUE_CACHE_CHECK_MS'
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
  | 'PAYMENT_GATEWAY'
  | 'RAZORPAY_KEY_ID'
  | 'RAZORPAY_KEY_SECRET'
  | 'RAZORPAY_WEBHOOK_SECRET'
  | 'STOCK_HOLD_MINUTES'
  | 'PUBLIC_URL'
  | 'PORT'
>;
