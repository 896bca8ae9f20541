import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { TokenPair } from '@shop/contracts';
import { GoogleTokenError, type GoogleTokenVerifier } from '../../adapters/google-sign-in.ts';
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from '../../lib/errors.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import { ACCOUNT_MESSAGES as MSG, MINUTE } from './accounts-messages.ts';
import {
  isUniqueViolation,
  type AccountsRepository,
  type OtpPurpose,
  type UserRow,
} from './accounts-repository.ts';
import type { CodesService } from './codes-service.ts';
import type { SessionsService } from './sessions-service.ts';

const LOGIN_WINDOW_MS = 15 * MINUTE;

export interface AccountsServiceOptions {
  repository: AccountsRepository;
  codes: CodesService;
  sessions: SessionsService;
  google: GoogleTokenVerifier;
  limiter: RateLimiter;
  limits: { loginPerEmail: number; loginPerIp: number };
  log: { info(obj: object, msg: string): void };
}

/** A user who just signed in or signed up, with the tokens of the new session. */
export interface SignedIn {
  user: UserRow;
  tokens: TokenPair;
}

/** Sign-up, sign-in, password reset and profile: the account use-cases. */
export class AccountsService {
  /** Verified against when the email is unknown, so a miss costs as long as a wrong password. */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly o: AccountsServiceOptions) {
    this.dummyHash = hash(randomBytes(16).toString('hex'));
  }

  async requireStore(storeId: string) {
    const store = await this.o.repository.store(storeId);
    if (!store) throw new NotFound(`Unknown store: ${storeId}`);
    return store;
  }

  /** Emails a signup or reset code. Answers alike whether or not the email has an account. */
  async sendCode(storeId: string, email: string, purpose: OtpPurpose, ip: string) {
    const store = await this.requireStore(storeId);
    await this.o.codes.send(store, email, purpose, ip);
  }

  async verifyCode(storeId: string, email: string, otp: string, ip: string) {
    await this.requireStore(storeId);
    await this.o.codes.verify(storeId, email, otp, ip);
  }

  /** Creates the account of an email proven by a code verified in the last 10 minutes. */
  async signup(input: {
    storeId: string;
    email: string;
    mobile: string;
    fullName: string;
    password: string;
  }): Promise<SignedIn> {
    await this.requireStore(input.storeId);
    const passwordHash = await hash(input.password);
    const user = await this.o.repository.transaction(async (tx) => {
      const proven = await this.o.codes.consumeProof(tx, {
        storeId: input.storeId,
        email: input.email,
        purpose: 'signup',
      });
      if (!proven) throw new Forbidden(MSG.notVerified);
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
        if (isUniqueViolation(err)) throw new Conflict(MSG.emailTaken, 'email');
        throw err;
      }
    });
    return { user, tokens: await this.o.sessions.start(user) };
  }

  /** Sets a new password for an email proven by a reset code; signs out every session. */
  async resetPassword(storeId: string, email: string, newPassword: string): Promise<void> {
    await this.requireStore(storeId);
    const passwordHash = await hash(newPassword);
    await this.o.repository.transaction(async (tx) => {
      const proven = await this.o.codes.consumeProof(tx, { storeId, email, purpose: 'reset' });
      if (!proven) throw new Forbidden(MSG.notVerified);
      const user = await this.o.repository.userByEmail(storeId, email, tx);
      if (!user) throw new Forbidden(MSG.notVerified);
      await this.o.repository.updateUser(user.id, { passwordHash }, tx);
      await this.o.sessions.endAllOf(user.id, tx);
    });
  }

  /** Email and password sign-in. The error never says whether the email has an account. */
  async login(storeId: string, email: string, password: string, ip: string): Promise<SignedIn> {
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
      throw new Unauthorized(MSG.badLogin);
    }
    return { user, tokens: await this.o.sessions.start(user) };
  }

  /** Google sign-in: finds the account by Google id, links one by verified email, or creates it. */
  async googleSignIn(storeId: string, idToken: string | undefined): Promise<SignedIn> {
    await this.requireStore(storeId);
    if (!idToken) throw new BadRequest(MSG.googleMissing, 'token');
    let identity;
    try {
      identity = await this.o.google.verify(idToken);
    } catch (err) {
      if (err instanceof GoogleTokenError) {
        this.o.log.info({ reason: err.message }, 'Google token rejected');
        throw new Unauthorized(MSG.googleRejected);
      }
      throw err;
    }
    const email = identity.email.trim().toLowerCase();
    let user = await this.o.repository.userByGoogleSub(storeId, identity.sub);
    if (!user) {
      const byEmail = await this.o.repository.userByEmail(storeId, email);
      if (byEmail?.googleSub && byEmail.googleSub !== identity.sub) {
        throw new Conflict(MSG.googleOtherAccount);
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
      if (!user) throw new Conflict(MSG.googleOtherAccount);
    }
    return { user, tokens: await this.o.sessions.start(user) };
  }

  async profile(caller: SignedInUser): Promise<UserRow> {
    const user = await this.o.repository.userById(caller.id);
    if (!user) throw new NotFound(MSG.userNotFound);
    return user;
  }

  async updateProfile(
    caller: SignedInUser,
    changes: { mobile?: string | undefined; user_gstNo?: string | undefined },
  ): Promise<UserRow> {
    const user = await this.o.repository.updateUser(caller.id, {
      ...(changes.mobile !== undefined && { mobile: changes.mobile }),
      ...(changes.user_gstNo !== undefined && { gstNo: changes.user_gstNo }),
    });
    if (!user) throw new NotFound(MSG.userNotFound);
    return user;
  }

  async registerDeviceToken(caller: SignedInUser, token: string | null): Promise<void> {
    if (token) await this.o.repository.addDeviceToken(caller.id, token);
  }
}
