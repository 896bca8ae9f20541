import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { AccountUser, TokenPair } from '@shop/contracts';
import type { EmailSender } from '../../adapters/email-sender.ts';
import { GoogleTokenError, type GoogleTokenVerifier } from '../../adapters/google-sign-in.ts';
import type { AccessTokens, TokenUser } from '../../lib/access-tokens.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import { alreadyRegisteredEmail, codeEmail } from './account-emails.ts';
import {
  isUniqueViolation,
  type AccountsRepository,
  type OtpPurpose,
  type UserRow,
} from './accounts-repository.ts';

const MINUTE = 60_000;
export const OTP_TTL_MS = 10 * MINUTE;
/** How long after a right guess the signup or reset may use it. */
export const OTP_PROOF_MS = 10 * MINUTE;
export const OTP_MAX_TRIES = 5;
const HOUR = 60 * MINUTE;
const LOGIN_WINDOW_MS = 15 * MINUTE;

export const MSG = {
  badLogin: 'Invalid email or password.',
  otpSent: 'OTP sent successfully!',
  resetOtpSent: 'OTP sent to your email.',
  otpVerified: 'OTP verified successfully!',
  noLiveCode: 'No active OTP for this email. Please request a new one.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  tooManyTries: 'Too many wrong tries. Please request a new OTP.',
  notVerified: 'Please verify your email with the OTP first.',
  emailTaken: 'An account with this email already exists. Please log in.',
  registered: 'Registration successful!',
  loggedIn: 'Login successful!',
  passwordReset: 'Password reset successfully!',
  googleMissing: 'Google credential is missing.',
  googleRejected: 'Google sign-in failed: the credential could not be verified.',
  googleOtherAccount: 'This email is linked to a different Google account.',
  sessionExpired: 'Your session has expired. Please log in again.',
  userNotFound: 'User not found',
  emailFailed: 'We could not send the email. Please try again in a moment.',
} as const;

export interface AccountsServiceOptions {
  repository: AccountsRepository;
  email: EmailSender;
  google: GoogleTokenVerifier;
  tokens: AccessTokens;
  limiter: RateLimiter;
  clock: Clock;
  /** Keys the HMAC of stored one-time codes. */
  otpKey: Uint8Array;
  refreshTtlDays: number;
  limits: {
    otpSendPerEmail: number;
    otpSendPerIp: number;
    otpTryPerIp: number;
    loginPerEmail: number;
    loginPerIp: number;
  };
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export function toAccountUser(u: UserRow): AccountUser {
  return {
    user_id: u.id,
    id: u.id,
    full_name: u.fullName,
    name: u.fullName,
    email: u.email,
    mobile: u.mobile,
    user_gstNo: u.gstNo,
  };
}

/** Sign-up, sign-in, codes, sessions and profile: the account use-cases. */
export class AccountsService {
  /** Verified against when the email is unknown, so a miss costs as long as a wrong password. */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly o: AccountsServiceOptions) {
    this.dummyHash = hash(randomBytes(16).toString('hex'));
  }

  private now() {
    return this.o.clock();
  }

  private hashCode(storeId: string, email: string, code: string) {
    return createHmac('sha256', this.o.otpKey)
      .update(`${storeId}\n${email}\n${code}`)
      .digest('hex');
  }

  async requireStore(storeId: string) {
    const store = await this.o.repository.store(storeId);
    if (!store) throw notFound(`Unknown store: ${storeId}`);
    return store;
  }

  // --- one-time codes -------------------------------------------------------------------

  /** Sends a signup or reset code. Answers alike whether or not the email has an account. */
  async sendCode(storeId: string, email: string, purpose: OtpPurpose, ip: string) {
    const store = await this.requireStore(storeId);
    await this.o.limiter.hit(
      [
        {
          key: `otp-send:email:${storeId}:${email}`,
          max: this.o.limits.otpSendPerEmail,
          windowMs: HOUR,
        },
        { key: `otp-send:ip:${ip}`, max: this.o.limits.otpSendPerIp, windowMs: HOUR },
      ],
      'Too many codes requested.',
    );
    const user = await this.o.repository.userByEmail(storeId, email);
    const message = purpose === 'signup' ? MSG.otpSent : MSG.resetOtpSent;
    if (purpose === 'signup' && user) {
      await this.deliver(alreadyRegisteredEmail(email, store.name));
      return { success: true, message };
    }
    if (purpose === 'reset' && !user) {
      this.o.log.info({ storeId }, 'reset code asked for an email without an account');
      return { success: true, message };
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const now = this.now();
    const row = await this.o.repository.replaceCode({
      storeId,
      email,
      purpose,
      codeHash: this.hashCode(storeId, email, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      now,
    });
    try {
      await this.deliver(codeEmail(email, store.name, code, purpose, OTP_TTL_MS / MINUTE));
    } catch (err) {
      await this.o.repository.retireCode(row.id, now);
      throw err;
    }
    return { success: true, message };
  }

  private async deliver(message: Parameters<EmailSender['send']>[0]) {
    try {
      await this.o.email.send(message);
    } catch (err) {
      this.o.log.error({ err }, 'sending an account email failed');
      throw new HttpError(503, MSG.emailFailed);
    }
  }

  /** Checks a code: single use, 10-minute expiry, at most 5 wrong tries. */
  async verifyCode(storeId: string, email: string, otp: string, ip: string) {
    await this.requireStore(storeId);
    await this.o.limiter.hit(
      [{ key: `otp-try:ip:${ip}`, max: this.o.limits.otpTryPerIp, windowMs: 10 * MINUTE }],
      'Too many OTP tries.',
    );
    const code = await this.o.repository.liveCode(storeId, email);
    const now = this.now();
    if (!code) throw new HttpError(400, MSG.noLiveCode, 'otp');
    if (code.expiresAt <= now) throw new HttpError(400, MSG.otpExpired, 'otp');
    if (code.attempts >= OTP_MAX_TRIES) throw new HttpError(429, MSG.tooManyTries);

    const expected = Buffer.from(code.codeHash, 'hex');
    const given = Buffer.from(this.hashCode(storeId, email, otp), 'hex');
    if (
      timingSafeEqual(expected, given) &&
      (await this.o.repository.markVerified(code.id, now, OTP_MAX_TRIES))
    ) {
      return { success: true, message: MSG.otpVerified };
    }
    const tries = await this.o.repository.countWrongTry(code.id, OTP_MAX_TRIES);
    if (tries === null || tries >= OTP_MAX_TRIES) throw new HttpError(429, MSG.tooManyTries);
    const left = OTP_MAX_TRIES - tries;
    throw new HttpError(400, `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'otp');
  }

  // --- accounts ---------------------------------------------------------------------------

  /** Creates the account of an email proven by a code verified in the last 10 minutes. */
  async signup(input: {
    storeId: string;
    email: string;
    mobile: string;
    fullName: string;
    password: string;
  }) {
    await this.requireStore(input.storeId);
    const passwordHash = await hash(input.password);
    const now = this.now();
    const user = await this.o.repository.transaction(async (tx) => {
      const proven = await this.o.repository.consumeVerifiedCode(tx, {
        storeId: input.storeId,
        email: input.email,
        purpose: 'signup',
        verifiedAfter: new Date(now.getTime() - OTP_PROOF_MS),
        now,
      });
      if (!proven) throw new HttpError(403, MSG.notVerified);
      try {
        return await this.o.repository.createUser(
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
        if (isUniqueViolation(err)) throw new HttpError(409, MSG.emailTaken, 'email');
        throw err;
      }
    });
    return {
      newUser: toAccountUser(user),
      message: MSG.registered,
      ...(await this.startSession(user)),
    };
  }

  /** Sets a new password for an email proven by a reset code; signs out every session. */
  async resetPassword(storeId: string, email: string, newPassword: string) {
    await this.requireStore(storeId);
    const passwordHash = await hash(newPassword);
    const now = this.now();
    await this.o.repository.transaction(async (tx) => {
      const proven = await this.o.repository.consumeVerifiedCode(tx, {
        storeId,
        email,
        purpose: 'reset',
        verifiedAfter: new Date(now.getTime() - OTP_PROOF_MS),
        now,
      });
      if (!proven) throw new HttpError(403, MSG.notVerified);
      const user = await this.o.repository.userByEmail(storeId, email, tx);
      if (!user) throw new HttpError(403, MSG.notVerified);
      await this.o.repository.updateUser(user.id, { passwordHash }, tx);
      await this.o.repository.revokeAllOfUser(user.id, now, tx);
    });
    return { success: true, message: MSG.passwordReset };
  }

  /** Email and password sign-in. The error never says whether the email has an account. */
  async login(storeId: string, email: string, password: string, ip: string) {
    await this.requireStore(storeId);
    const limits = [
      {
        key: `login:email:${storeId}:${email}`,
        max: this.o.limits.loginPerEmail,
        windowMs: LOGIN_WINDOW_MS,
      },
      { key: `login:ip:${ip}`, max: this.o.limits.loginPerIp, windowMs: LOGIN_WINDOW_MS },
    ];
    await this.o.limiter.check(limits, 'Too many failed logins.');
    const user = await this.o.repository.userByEmail(storeId, email);
    const ok = user?.passwordHash
      ? await verify(user.passwordHash, password)
      : await verify(await this.dummyHash, password).then(() => false);
    if (!user || !ok) {
      await this.o.limiter.hit(limits, 'Too many failed logins.');
      throw new HttpError(401, MSG.badLogin);
    }
    return { user: toAccountUser(user), message: MSG.loggedIn, ...(await this.startSession(user)) };
  }

  /** Google sign-in: finds the account by Google id, links one by verified email, or creates it. */
  async googleSignIn(storeId: string, idToken: string | undefined) {
    await this.requireStore(storeId);
    if (!idToken) throw new HttpError(400, MSG.googleMissing, 'token');
    let identity;
    try {
      identity = await this.o.google.verify(idToken);
    } catch (err) {
      if (err instanceof GoogleTokenError) {
        this.o.log.info({ reason: err.message }, 'Google token rejected');
        throw new HttpError(401, MSG.googleRejected);
      }
      throw err;
    }
    const email = identity.email.trim().toLowerCase();
    let user = await this.o.repository.userByGoogleSub(storeId, identity.sub);
    if (!user) {
      const byEmail = await this.o.repository.userByEmail(storeId, email);
      if (byEmail?.googleSub && byEmail.googleSub !== identity.sub) {
        throw new HttpError(409, MSG.googleOtherAccount);
      }
      user = byEmail
        ? await this.o.repository.updateUser(byEmail.id, { googleSub: identity.sub })
        : await this.o.repository
            .createUser({ storeId, email, fullName: identity.name, googleSub: identity.sub })
            .catch(async (err: unknown) => {
              // Two first sign-ins at once: the other one created the account.
              if (!isUniqueViolation(err)) throw err;
              return this.o.repository.userByGoogleSub(storeId, identity.sub);
            });
      if (!user) throw new HttpError(409, MSG.googleOtherAccount);
    }
    return {
      message: MSG.loggedIn,
      data: { user: toAccountUser(user), ...(await this.startSession(user)) },
    };
  }

  async profile(caller: TokenUser) {
    const user = await this.o.repository.userById(caller.userId);
    if (!user) throw new HttpError(404, MSG.userNotFound);
    return user;
  }

  async updateProfile(
    caller: TokenUser,
    changes: { mobile?: string | undefined; user_gstNo?: string | undefined },
  ) {
    const user = await this.o.repository.updateUser(caller.userId, {
      ...(changes.mobile !== undefined && { mobile: changes.mobile }),
      ...(changes.user_gstNo !== undefined && { gstNo: changes.user_gstNo }),
    });
    if (!user) throw new HttpError(404, MSG.userNotFound);
    return user;
  }

  async registerDeviceToken(caller: TokenUser, token: string | null) {
    if (token) await this.o.repository.addDeviceToken(caller.userId, token);
  }

  // --- sessions ---------------------------------------------------------------------------

  private async newRefreshToken(
    userId: string,
    familyId: string,
    db?: Parameters<AccountsRepository['insertRefreshToken']>[1],
  ) {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.o.repository.insertRefreshToken(
      {
        userId,
        familyId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.o.refreshTtlDays * 24 * HOUR),
      },
      db,
    );
    return token;
  }

  private async startSession(user: UserRow): Promise<TokenPair> {
    return {
      accessToken: await this.o.tokens.sign({
        userId: user.id,
        storeId: user.storeId,
        role: user.role,
      }),
      refreshToken: await this.newRefreshToken(user.id, randomUUID()),
    };
  }

  /**
   * Exchanges a refresh token for a new pair. Each token works once; presenting one that was
   * already used revokes its whole family (a stolen copy and the real one cannot both live).
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const row = await this.o.repository.refreshTokenByHash(sha256Hex(refreshToken));
    const now = this.now();
    if (!row || row.expiresAt <= now) throw new HttpError(401, MSG.sessionExpired);
    if (row.revokedAt) {
      await this.o.repository.revokeFamily(row.familyId, now);
      throw new HttpError(401, MSG.sessionExpired);
    }
    const user = await this.o.repository.userById(row.userId);
    if (!user) throw new HttpError(401, MSG.sessionExpired);
    const next = await this.o.repository.transaction(async (tx) => {
      if (!(await this.o.repository.revokeIfLive(tx, row.id, now))) return null;
      return this.newRefreshToken(user.id, row.familyId, tx);
    });
    if (!next) {
      await this.o.repository.revokeFamily(row.familyId, now);
      throw new HttpError(401, MSG.sessionExpired);
    }
    return {
      accessToken: await this.o.tokens.sign({
        userId: user.id,
        storeId: user.storeId,
        role: user.role,
      }),
      refreshToken: next,
    };
  }

  /** Ends the session the refresh token belongs to. Unknown tokens are fine (already out). */
  async logout(refreshToken: string) {
    const row = await this.o.repository.refreshTokenByHash(sha256Hex(refreshToken));
    if (row) await this.o.repository.revokeFamily(row.familyId, this.now());
    return { success: true, message: 'Logged out.' };
  }
}
