import { shopModule } from '../../module-definition.ts';
import { argon2Hasher } from '../../lib/passwords.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { ConsentsService } from '../privacy/consents-service.ts';
import { AccountsErasure } from './accounts-erasure-service.ts';
import { AccountsRepository } from './accounts-repository.ts';
import { AccountsRetention } from './accounts-retention-service.ts';
import { accountsRoutes } from './accounts-routes.ts';
import { AccountsService } from './accounts-service.ts';
import { CodesService } from './codes-service.ts';
import { AccountsErasureRepository } from './erasure-repository.ts';
import { AccountsRetentionRepository } from './retention-repository.ts';
import { SessionsService } from './sessions-service.ts';
import { StaffRepository } from './staff-repository.ts';
import { staffRoutes } from './staff-routes.ts';
import { StaffService } from './staff-service.ts';

export { accountContactOf, accountEmailSql, lockAccount } from './account-reads.ts';
export { toStaffUser } from './staff-user.ts';

/**
 * The accounts module: sign-up and sign-in (codes, password, Google), sessions, profile, and the
 * store's staff under /api/admin/staff (invites, roles, removal; the owner only).
 */
export const accounts = shopModule({
  name: 'accounts',
  provides: {
    accounts: true,
    sessions: true,
    staff: true,
    accountsRetention: true,
    accountsErasure: true,
  },
  needs: { audit: true, consents: true },
  build(
    { db, config, adapters, tokens, limiter, key, log, afterAnswer },
    { audit, consents }: { audit: AuditService; consents: ConsentsService },
  ) {
    const { clock } = adapters;
    const repository = new AccountsRepository(db);
    const sessions = new SessionsService({
      repository,
      tokens,
      clock,
      refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      sessionMaxDays: config.SESSION_MAX_DAYS,
      staffSessionHours: config.STAFF_SESSION_HOURS,
    });
    const codes = new CodesService({
      repository,
      email: adapters.email,
      limiter,
      clock,
      otpKey: key('otp-v1'),
      limits: {
        otpSendPerEmail: config.OTP_SEND_LIMIT_PER_EMAIL,
        otpSendPerEmailAll: config.OTP_SEND_LIMIT_PER_EMAIL_ALL,
        otpSendPerIp: config.OTP_SEND_LIMIT_PER_IP,
        otpTryPerIp: config.OTP_TRY_LIMIT_PER_IP,
      },
      log,
      afterAnswer,
    });
    const passwords = argon2Hasher();
    const accounts = new AccountsService({
      repository,
      codes,
      sessions,
      google: adapters.google.verifier,
      limiter,
      passwords,
      sleep: adapters.sleep,
      limits: {
        loginPerEmail: config.LOGIN_LIMIT_PER_EMAIL,
        loginPerIp: config.LOGIN_LIMIT_PER_IP,
        accountWritesPerIp: config.ACCOUNT_WRITE_LIMIT_PER_IP,
      },
      log,
      consents,
    });
    /** The store's staff: invites, roles, removal (owner only, audited). */
    const staff = new StaffService({
      repository: new StaffRepository(db),
      sessions,
      audit,
      passwords,
      email: adapters.email,
      limiter,
      clock,
      inviteKey: key('staff-invite-v1'),
      triesPerIp: config.OTP_TRY_LIMIT_PER_IP,
      log,
    });
    /** The accounts module's part of the daily retention job (issue 61 item 5). */
    const accountsRetention = new AccountsRetention(new AccountsRetentionRepository(db), {
      email: adapters.email,
      log,
    });
    /** The accounts module's part of an account's erasure, run last (issue 61 item 3). */
    const accountsErasure = new AccountsErasure(new AccountsErasureRepository(db), clock);
    return { accounts, sessions, staff, accountsRetention, accountsErasure };
  },
  on: {
    // Withdrawing the push consent removes the account's devices at once (issue 61 item 2).
    pushConsentWithdrawn: ({ accounts: service }, _storeId, userId) =>
      service.forgetAllDeviceTokens(userId),
  },
  register(app, { accounts: service, sessions, staff }, { adapters, config }) {
    accountsRoutes(app, {
      service,
      sessions,
      google: adapters.google,
      appShellMarker: config.APP_SHELL_UA_MARKER,
    });
    staffRoutes(app, { accounts: service, staff });
  },
});
