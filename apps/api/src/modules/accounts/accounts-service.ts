import type { TokenPair } from '@shop/contracts';
import { maskEmail, normalizeEmail, parseRole, roleSatisfies, type Role } from '@shop/domain';
import { GoogleTokenError, type GoogleTokenVerifier } from '../../adapters/google-sign-in.ts';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
  Unauthorized,
} from '../../lib/errors.ts';
import type { Sleep } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { ConsentsService } from '../privacy/consents-service.ts';
import type { Limit, RateLimiter } from '../../plugins/rate-limiter.ts';
import { ACCOUNT_MESSAGES as MSG, HOUR, MINUTE } from './accounts-messages.ts';
import {
  isUniqueViolation,
  type AccountsRepository,
  type OtpPurpose,
  type UserRow,
} from './accounts-repository.ts';
import type { CodesService } from './codes-service.ts';
import type { SessionsService } from './sessions-service.ts';

const LOGIN_WINDOW_MS = 15 * MINUTE;
/** Failed logins of one email (from anywhere) before each further try is slowed down. */
export const LOGIN_FREE_FAILURES = 5;
/**
 * The longest pause a try of a much-failed email waits, and the longest a try waits for its
 * turn: one that would wait longer is refused (429) instead.
 */
export const LOGIN_MAX_DELAY_MS = 3000;

/** Why a try of a paused email is refused; `field: 'email'` beside it. */
export const loginPausedMessage = (seconds: number) =>
  `Too many sign-in attempts for this email. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * The pause before checking a password, after `failures` failed logins of its email: also the
 * least time between two checks of that email's password, however the tries arrive.
 */
export const loginDelayMs = (failures: number) =>
  failures <= LOGIN_FREE_FAILURES
    ? 0
    : Math.min(LOGIN_MAX_DELAY_MS, 100 * 2 ** (failures - LOGIN_FREE_FAILURES));

export interface AccountsServiceOptions {
  repository: AccountsRepository;
  codes: CodesService;
  sessions: SessionsService;
  /** Null when the shop has no Google sign-in (no GOOGLE_CLIENT_ID and no local issuer). */
  google: GoogleTokenVerifier | null;
  limiter: RateLimiter;
  passwords: PasswordHasher;
  /** Waits out the login pause. */
  sleep: Sleep;
  limits: {
    /** Failed logins per email from one IP address (then 429 for that address only). */
    loginPerEmail: number;
    loginPerIp: number;
    /** Signups, resets and Google sign-ins per IP address, an hour. */
    accountWritesPerIp: number;
  };
  log: { info(obj: object, msg: string): void };
  /** The push consent: an opt-in records it; a refresh registers only while it stands. */
  consents: Pick<ConsentsService, 'allows' | 'give'>;
}

/** The most push device tokens a user keeps (the newest; older devices drop off). */
export const MAX_DEVICE_TOKENS = 10;

/** A user who just signed in or signed up, with the tokens of the new session. */
export interface SignedIn {
  user: UserRow;
  tokens: TokenPair;
}

/** Sign-up, sign-in, password reset and profile: the account use-cases. */
export class AccountsService {
  constructor(private readonly accountsDeps: AccountsServiceOptions) {}

  /** The account, its sessions and push devices as stored, for its data export (privacy). */
  personalRowsOf(userId: string): Promise<PersonalRows[]> {
    return this.accountsDeps.repository.personalRowsOf(userId);
  }

  /** Counts a signup, reset or Google sign-in of an IP address; 429 past the hourly limit. */
  private async countAccountWrite(ip: string) {
    await this.accountsDeps.limiter.hit(
      [
        {
          key: `account-write:ip:${ip}`,
          max: this.accountsDeps.limits.accountWritesPerIp,
          windowMs: HOUR,
        },
      ],
      'Too many account requests.',
    );
  }

  async requireStore(storeId: string) {
    const store = await this.accountsDeps.repository.store(storeId);
    if (!store) throw new NotFound(`Unknown store: ${storeId}`);
    return store;
  }

  /** Emails a signup or reset code. Answers alike whether or not the email has an account. */
  async sendCode(storeId: string, email: string, purpose: OtpPurpose, ip: string) {
    const store = await this.requireStore(storeId);
    await this.accountsDeps.codes.send(store, email, purpose, ip);
  }

  /** Checks a code; returns the single-use proof of its purpose for the signup or reset. */
  async verifyCode(storeId: string, email: string, otp: string, ip: string) {
    await this.requireStore(storeId);
    return this.accountsDeps.codes.verify(storeId, email, otp, ip);
  }

  /**
   * Creates the account of an email proven by the proof verify-otp gave (10 minutes, once).
   * The proof is checked before anything else, so a caller without one costs no hashing.
   */
  async signup(input: {
    storeId: string;
    email: string;
    mobile: string;
    fullName: string;
    password: string;
    proof: string | undefined;
    ip: string;
  }): Promise<SignedIn> {
    const proof = await this.accountsDeps.codes.checkProof({
      storeId: input.storeId,
      email: input.email,
      purpose: 'signup',
      proof: input.proof,
    });
    await this.countAccountWrite(input.ip);
    await this.requireStore(input.storeId);
    const passwordHash = await this.accountsDeps.passwords.hash(input.password);
    const user = await this.accountsDeps.repository.transaction(async (tx) => {
      await this.accountsDeps.codes.consumeProof(tx, proof);
      try {
        return await this.accountsDeps.repository.createUser(
          {
            storeId: input.storeId,
            email: input.email,
            fullName: input.fullName,
            mobile: input.mobile,
            passwordHash,
          },
          tx,
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(MSG.emailTaken, 'email');
        throw err;
      }
    });
    return { user, tokens: await this.accountsDeps.sessions.start(user, 'storefront') };
  }

  /** Creates a store (id and name) when it does not exist yet (`npm run admin:create`). */
  ensureStore(storeId: string, name: string): Promise<boolean> {
    return this.accountsDeps.repository.createStoreIfMissing(storeId, name);
  }

  /**
   * Start-up bootstrap (ADMIN_EMAIL / ADMIN_PASSWORD): when the store has no owner yet, makes
   * that email its owner with that password (a new account, or an existing one promoted).
   * Nothing changes once the store has an owner.
   */
  async ensureOwner(
    storeId: string,
    email: string,
    password: string,
    fullName = 'Shop owner',
  ): Promise<'created' | 'promoted' | 'exists'> {
    await this.requireStore(storeId);
    if (await this.accountsDeps.repository.hasOwner(storeId)) return 'exists';
    const address = normalizeEmail(email);
    const passwordHash = await this.accountsDeps.passwords.hash(password);
    const existing = await this.accountsDeps.repository.userByEmail(storeId, address);
    if (existing) {
      await this.accountsDeps.repository.updateUser(existing.id, { role: 'owner', passwordHash });
      return 'promoted';
    }
    await this.accountsDeps.repository.createUser({
      storeId,
      email: address,
      fullName,
      passwordHash,
      role: 'owner',
    });
    return 'created';
  }

  /** Sets a new password for an email proven by a reset proof; signs out every session. */
  async resetPassword(input: {
    storeId: string;
    email: string;
    newPassword: string;
    proof: string | undefined;
    ip: string;
  }): Promise<void> {
    const { storeId, email } = input;
    const proof = await this.accountsDeps.codes.checkProof({
      storeId,
      email,
      purpose: 'reset',
      proof: input.proof,
    });
    await this.countAccountWrite(input.ip);
    await this.requireStore(storeId);
    const passwordHash = await this.accountsDeps.passwords.hash(input.newPassword);
    await this.accountsDeps.repository.transaction(async (tx) => {
      await this.accountsDeps.codes.consumeProof(tx, proof);
      const user = await this.accountsDeps.repository.userByEmail(storeId, email, tx);
      if (!user) throw new Forbidden(MSG.notVerified);
      await this.accountsDeps.repository.updateUser(user.id, { passwordHash }, tx);
      await this.accountsDeps.sessions.endAllOf(user.id, tx);
    });
  }

  /**
   * Email and password sign-in. The error never says whether the email has an account.
   * Every try is counted before the password is checked (one atomic statement per limit, so a
   * burst cannot slip past), and a success gives its count back: the counters hold failures.
   * Failures of an email lock out only the address they came from; from anywhere else, each
   * further try of that email waits a growing pause (decision 0009), so the owner can still
   * sign in while an attacker is slowed down. The pauses of one email queue up: tries at once
   * (from many addresses, in many processes) wait one after another, and a try that would wait
   * more than LOGIN_MAX_DELAY_MS is refused with 429 (issue 58 item 7). A storefront session:
   * staff and owners signed in here shop as customers; their admin power comes from
   * `staffLogin` alone (decision 0032).
   */
  async login(storeId: string, email: string, password: string, ip: string): Promise<SignedIn> {
    const user = await this.checkPassword(storeId, email, password, ip);
    return { user, tokens: await this.accountsDeps.sessions.start(user, 'storefront') };
  }

  /**
   * The admin sign-in: as `login`, but a right password of a customer account is refused with
   * 403 and starts no session (a wrong one is the same 401 as anywhere). When the store asks
   * staff for a second factor, the right password starts no session either: a code is emailed
   * and the challenge naming it is returned, for `verifyStaffCode`. The only starts of an admin
   * session, the one kind whose tokens carry staff or owner power.
   */
  async staffLogin(
    storeId: string,
    email: string,
    password: string,
    ip: string,
  ): Promise<SignedIn | { challenge: string; sentTo: string }> {
    const user = await this.checkPassword(storeId, email, password, ip);
    if (!roleSatisfies(parseRole(user.role), 'staff')) throw new Forbidden(MSG.notStaff);
    if (await this.accountsDeps.repository.staffSecondFactor(storeId)) {
      const store = await this.requireStore(storeId);
      const challenge = await this.accountsDeps.codes.sendSignInCode(store, user.email, ip);
      return { challenge, sentTo: maskEmail(user.email) };
    }
    return { user, tokens: await this.accountsDeps.sessions.start(user, 'admin') };
  }

  /** The second step of an admin sign-in: the emailed code of a challenge starts the session. */
  async verifyStaffCode(
    storeId: string,
    challenge: string,
    code: string,
    ip: string,
  ): Promise<SignedIn> {
    await this.requireStore(storeId);
    const email = await this.accountsDeps.codes.useSignInCode(storeId, challenge, code, ip);
    const user = await this.accountsDeps.repository.userByEmail(storeId, email);
    // Removed or demoted between the password and the code: no session.
    if (!user || !roleSatisfies(parseRole(user.role), 'staff')) throw new Forbidden(MSG.notStaff);
    return {
      user,
      tokens: await this.accountsDeps.sessions.start(user, 'admin', { secondFactor: true }),
    };
  }

  /**
   * Emails a test code to the signed-in owner (the send limits of sign-in codes), before the
   * store's second factor may be turned on: returns its challenge and the masked address.
   */
  async sendSecondFactorTest(
    caller: SignedInUser,
    ip: string,
  ): Promise<{ challenge: string; sentTo: string }> {
    const user = await this.profile(caller);
    const store = await this.requireStore(caller.storeId);
    const challenge = await this.accountsDeps.codes.sendSignInCode(
      store,
      user.email,
      ip,
      'second-factor-test',
    );
    return { challenge, sentTo: maskEmail(user.email) };
  }

  /**
   * Uses up the test code of a challenge (ten minutes, five tries, once), which must be the one
   * sent to this caller in this store: the proof that sign-in codes reach the owner.
   */
  async useSecondFactorTest(
    caller: SignedInUser,
    challenge: string,
    code: string,
    ip: string,
  ): Promise<void> {
    const user = await this.profile(caller);
    const email = await this.accountsDeps.codes.useSignInCode(
      caller.storeId,
      challenge,
      code,
      ip,
      'second-factor-test',
    );
    if (email !== user.email) throw new BadRequest(MSG.testCodeOtherEmail, 'code');
  }

  /** Checks an email and password under the sign-in limits; the account when they match. */
  private async checkPassword(
    storeId: string,
    email: string,
    password: string,
    ip: string,
  ): Promise<UserRow> {
    await this.requireStore(storeId);
    const emailIp: Limit = {
      key: `login:email-ip:${storeId}:${email}:${ip}`,
      max: this.accountsDeps.limits.loginPerEmail,
      windowMs: LOGIN_WINDOW_MS,
    };
    const anyIp: Limit = {
      key: `login:email:${storeId}:${email}`,
      max: Number.MAX_SAFE_INTEGER,
      windowMs: LOGIN_WINDOW_MS,
    };
    const perIp: Limit = {
      key: `login:ip:${ip}`,
      max: this.accountsDeps.limits.loginPerIp,
      windowMs: LOGIN_WINDOW_MS,
    };
    const limits = [perIp, emailIp, anyIp];
    const counts = await this.accountsDeps.limiter.hit(limits, 'Too many failed logins.');
    const delay = loginDelayMs((counts[2] ?? 1) - 1);
    if (delay > 0) await this.waitTurn(storeId, email, delay, limits);
    const user = await this.accountsDeps.repository.userByEmail(storeId, email);
    const ok = user?.passwordHash
      ? await this.accountsDeps.passwords.verify(user.passwordHash, password)
      : await this.accountsDeps.passwords.verifyNothing(password);
    if (!user || !ok) throw new Unauthorized(MSG.badLogin);
    await this.accountsDeps.limiter.giveBack(limits);
    return user;
  }

  /**
   * Waits this try's turn to have its password checked: the tries of a much-failed email are
   * checked one at a time, `delay` apart, whether they come one after another or all at once
   * (the queue is in the shared rate-limit store). A try whose turn is more than
   * LOGIN_MAX_DELAY_MS away is refused (429 naming the email) and counts as no failure.
   */
  private async waitTurn(storeId: string, email: string, delay: number, limits: Limit[]) {
    const turn = await this.accountsDeps.limiter.takeTurn(`login:email-turns:${storeId}:${email}`, {
      gapMs: delay,
      maxWaitMs: LOGIN_MAX_DELAY_MS,
      windowMs: LOGIN_WINDOW_MS,
    });
    if ('waitMs' in turn) {
      await this.accountsDeps.sleep(turn.waitMs);
      return;
    }
    await this.accountsDeps.limiter.giveBack(limits);
    throw new TooManyRequests(
      loginPausedMessage(Math.max(1, Math.ceil(turn.retryInMs / 1000))),
      'email',
    );
  }

  /**
   * Google sign-in (a storefront session): finds the account by Google id, links one by email
   * or creates it, both only when Google says it verified the email. Never signs in staff or an
   * owner (403 pointing to /admin), so no Google credential opens a staff account, even one at
   * an address someone else could mint a credential for.
   */
  async googleSignIn(storeId: string, idToken: string | undefined, ip: string): Promise<SignedIn> {
    await this.requireStore(storeId);
    const google = this.accountsDeps.google;
    if (!google) throw new NotFound(MSG.googleOff);
    if (!idToken) throw new BadRequest(MSG.googleMissing, 'token');
    await this.countAccountWrite(ip);
    let identity;
    try {
      identity = await google.verify(idToken);
    } catch (err) {
      if (err instanceof GoogleTokenError) {
        this.accountsDeps.log.info({ reason: err.message }, 'Google token rejected');
        throw new Unauthorized(MSG.googleRejected);
      }
      throw err;
    }
    const email = identity.email.trim().toLowerCase();
    const refuseStaff = (account: UserRow) => {
      if (roleSatisfies(parseRole(account.role), 'staff')) throw new Forbidden(MSG.googleStaff);
    };
    let user = await this.accountsDeps.repository.userByGoogleSub(storeId, identity.sub);
    if (user) refuseStaff(user);
    if (!user) {
      if (!identity.emailVerified) throw new Forbidden(MSG.googleUnverified);
      const byEmail = await this.accountsDeps.repository.userByEmail(storeId, email);
      if (byEmail) refuseStaff(byEmail);
      if (byEmail?.googleSub && byEmail.googleSub !== identity.sub) {
        throw new Conflict(MSG.googleOtherAccount);
      }
      user = byEmail
        ? await this.accountsDeps.repository.updateUser(byEmail.id, { googleSub: identity.sub })
        : await this.accountsDeps.repository
            .createUser({ storeId, email, fullName: identity.name, googleSub: identity.sub })
            .catch(async (err: unknown) => {
              // Two first sign-ins at once: the other one created the account.
              if (!isUniqueViolation(err)) throw err;
              return this.accountsDeps.repository.userByGoogleSub(storeId, identity.sub);
            });
      if (!user) throw new Conflict(MSG.googleOtherAccount);
    }
    return { user, tokens: await this.accountsDeps.sessions.start(user, 'storefront') };
  }

  /**
   * The role a token of an admin session acts with now, the admin's check: the account's role
   * in the database; null when the account is gone, or when the store asks staff for the emailed
   * code and the token's session (`sessionId`) did not begin with it (issue 58 item 5).
   */
  async currentRole(userId: string, sessionId?: string): Promise<Role | null> {
    const user = await this.accountsDeps.repository.userById(userId);
    if (!user) return null;
    const role = parseRole(user.role);
    if (!roleSatisfies(role, 'staff')) return role;
    return (await this.accountsDeps.sessions.mayAct(user, sessionId)) ? role : null;
  }

  async profile(caller: SignedInUser): Promise<UserRow> {
    const user = await this.accountsDeps.repository.userById(caller.id);
    if (!user) throw new NotFound(MSG.userNotFound);
    return user;
  }

  async updateProfile(
    caller: SignedInUser,
    changes: {
      full_name?: string | undefined;
      mobile?: string | undefined;
      user_gstNo?: string | undefined;
    },
  ): Promise<UserRow> {
    const user = await this.accountsDeps.repository.updateUser(caller.id, {
      ...(changes.full_name !== undefined && { fullName: changes.full_name }),
      ...(changes.mobile !== undefined && { mobile: changes.mobile }),
      ...(changes.user_gstNo !== undefined && { gstNo: changes.user_gstNo }),
    });
    if (!user) throw new NotFound(MSG.userNotFound);
    return user;
  }

  /**
   * Registers a push device. An opt-in ("Get updates on this phone") records the push consent;
   * a refresh (the app's start) registers only while that consent stands, so a withdrawn consent
   * stays withdrawn. Answers whether the device was kept.
   */
  async registerDeviceToken(
    caller: SignedInUser,
    token: string | null,
    refresh = false,
  ): Promise<boolean> {
    if (!token) return false;
    const { consents } = this.accountsDeps;
    if (refresh && !(await consents.allows(caller.storeId, caller.id, 'push'))) return false;
    await this.accountsDeps.repository.addDeviceToken(
      caller.id,
      token,
      MAX_DEVICE_TOKENS,
      new Date(),
    );
    if (!refresh) await consents.give(caller.storeId, caller.id, 'push', 'push_opt_in');
    return true;
  }

  /** Where a user's push notifications go: their registered devices, newest first. */
  deviceTokensOf(userId: string): Promise<string[]> {
    return this.accountsDeps.repository.deviceTokensOf(userId);
  }

  /** Drops devices the push service reports as gone (the app was removed). */
  forgetDeviceTokens(userId: string, tokens: readonly string[]): Promise<void> {
    return this.accountsDeps.repository.forgetDeviceTokens(userId, tokens);
  }

  /** Drops every device of a user (the push consent was withdrawn): nothing is sent to them. */
  forgetAllDeviceTokens(userId: string): Promise<void> {
    return this.accountsDeps.repository.forgetAllDeviceTokens(userId);
  }
}
