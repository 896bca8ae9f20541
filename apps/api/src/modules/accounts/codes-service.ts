import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@shop/db';
import type { EmailSender } from '../../adapters/email-sender.ts';
import type { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden, TooManyRequests, Unavailable } from '../../lib/errors.ts';
import { WorkQueue } from '../../lib/work-queue.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import { alreadyRegisteredEmail, codeEmail } from './account-emails.ts';
import { ACCOUNT_MESSAGES as MSG, HOUR, MINUTE } from './accounts-messages.ts';
import type {
  AccountsRepository,
  OtpPurpose,
  ProofWhere,
  StaffCodePurpose,
} from './accounts-repository.ts';

export const OTP_TTL_MS = 10 * MINUTE;
/** How long after a right guess the signup or reset may use it. */
export const OTP_PROOF_MS = 10 * MINUTE;
export const OTP_MAX_TRIES = 5;
/**
 * Live codes accepted per email and purpose (the newest). A send does not retire older codes,
 * so sends by someone else cannot take the owner's code away; verifying one retires
 * the others. Each code keeps its own tries, expiry and single use.
 */
export const OTP_LIVE_PER_PURPOSE = 5;

export interface CodesServiceOptions {
  repository: AccountsRepository;
  email: EmailSender;
  limiter: RateLimiter;
  clock: Clock;
  /** Keys the HMAC of stored one-time codes. */
  otpKey: Uint8Array;
  limits: {
    /** Sends per email from one IP address, an hour (the owner elsewhere is not locked out). */
    otpSendPerEmail: number;
    /** Sends per email from all addresses, an hour (bounds mail to one inbox). */
    otpSendPerEmailAll: number;
    otpSendPerIp: number;
    otpTryPerIp: number;
  };
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Where a reset mail is sent from, after the answer (the server waits for it on close). */
  afterAnswer: AfterAnswerTasks;
}

/** One-time email codes: send, check, and consume the proof a right guess leaves. */
export class CodesService {
  /** Reset mail waits here instead of in the request (a few at a time). */
  private readonly mailQueue = new WorkQueue({ concurrency: 4, maxWaiting: 1000 });

  constructor(private readonly codesDeps: CodesServiceOptions) {}

  /** The proof of a right guess: the code's id and its HMAC (only the verifier is told it). */
  private proofOf(codeId: string, purpose: OtpPurpose) {
    const mac = createHmac('sha256', this.codesDeps.otpKey)
      .update(`proof\n${purpose}\n${codeId}`)
      .digest('base64url');
    return `${codeId}.${mac}`;
  }

  /** A challenge: the code's id and an HMAC of it and its purpose only this server can make. */
  private challengeOf(codeId: string, purpose: StaffCodePurpose) {
    const mac = createHmac('sha256', this.codesDeps.otpKey)
      .update(`${purpose}-challenge\n${codeId}`)
      .digest('base64url');
    return `${codeId}.${mac}`;
  }

  /** The code id a challenge names, when this server made the challenge for this purpose. */
  private codeIdOfChallenge(challenge: string, purpose: StaffCodePurpose): string | null {
    const codeId = challenge.split('.')[0] ?? '';
    if (!/^[0-9a-f-]{36}$/.test(codeId)) return null;
    const expected = Buffer.from(this.challengeOf(codeId, purpose));
    const given = Buffer.from(challenge);
    return expected.length === given.length && timingSafeEqual(expected, given) ? codeId : null;
  }

  /** The code id a proof names, when the proof is one this server made for this purpose. */
  private codeIdOf(proof: string | undefined, purpose: OtpPurpose): string | null {
    if (!proof) return null;
    const codeId = proof.split('.')[0] ?? '';
    if (!/^[0-9a-f-]{36}$/.test(codeId)) return null;
    const expected = Buffer.from(this.proofOf(codeId, purpose));
    const given = Buffer.from(proof);
    return expected.length === given.length && timingSafeEqual(expected, given) ? codeId : null;
  }

  private hashCode(storeId: string, email: string, code: string) {
    return createHmac('sha256', this.codesDeps.otpKey)
      .update(`${storeId}\n${email}\n${code}`)
      .digest('hex');
  }

  /**
   * Sends a signup or reset code for an email of the store (named `storeName` in the email).
   * Behaves alike whether or not the email has an account: a reset for an unknown email, and a
   * signup for a registered one, still store a code (one nobody receives), so verify-otp
   * answers a wrong guess the same way; reset mail leaves through a queue, so the answer does
   * not wait for it either way.
   */
  async send(
    store: { id: string; name: string },
    email: string,
    purpose: OtpPurpose,
    ip: string,
  ): Promise<void> {
    const storeId = store.id;
    await this.codesDeps.limiter.hit(
      [
        {
          key: `otp-send:email-ip:${storeId}:${email}:${ip}`,
          max: this.codesDeps.limits.otpSendPerEmail,
          windowMs: HOUR,
        },
        {
          key: `otp-send:email:${storeId}:${email}`,
          max: this.codesDeps.limits.otpSendPerEmailAll,
          windowMs: HOUR,
        },
        { key: `otp-send:ip:${ip}`, max: this.codesDeps.limits.otpSendPerIp, windowMs: HOUR },
      ],
      'Too many codes requested.',
    );
    const user = await this.codesDeps.repository.userByEmail(storeId, email);
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const now = this.codesDeps.clock();
    const row = await this.codesDeps.repository.addCode({
      storeId,
      email,
      purpose,
      codeHash: this.hashCode(storeId, email, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      now,
    });
    // A signup for a registered email keeps its code too (nobody receives it; the owner is
    // told by email instead), so verify-otp answers a guess exactly as for a new email.
    const message =
      purpose === 'signup' && user
        ? alreadyRegisteredEmail(email, store.name)
        : codeEmail(email, store.name, code, purpose, OTP_TTL_MS / MINUTE);
    if (purpose === 'reset') {
      if (user) this.deliverLater(message, row.id, now);
      return;
    }
    try {
      await this.deliver(message);
    } catch (err) {
      await this.codesDeps.repository.retireCode(row.id, now);
      throw err;
    }
  }

  /**
   * The second factor of an admin sign-in (the password was right): emails a six-digit code
   * to the staff member and returns the challenge that names it. The send limits of the
   * customer codes apply. The code is checked only through its challenge (`useSignInCode`),
   * never by the public verify-otp call. The same, of purpose `second-factor-test`, is the test
   * code the owner types back before turning the second factor on (`StoreSettingsService`).
   */
  async sendSignInCode(
    store: { id: string; name: string },
    email: string,
    ip: string,
    purpose: StaffCodePurpose = 'staff-login',
  ) {
    await this.codesDeps.limiter.hit(
      [
        {
          key: `otp-send:email-ip:${store.id}:${email}:${ip}`,
          max: this.codesDeps.limits.otpSendPerEmail,
          windowMs: HOUR,
        },
        {
          key: `otp-send:email:${store.id}:${email}`,
          max: this.codesDeps.limits.otpSendPerEmailAll,
          windowMs: HOUR,
        },
      ],
      'Too many codes requested.',
    );
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const now = this.codesDeps.clock();
    const row = await this.codesDeps.repository.addCode({
      storeId: store.id,
      email,
      purpose,
      codeHash: this.hashCode(store.id, email, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      now,
    });
    try {
      await this.deliver(codeEmail(email, store.name, code, purpose, OTP_TTL_MS / MINUTE));
    } catch (err) {
      await this.codesDeps.repository.retireCode(row.id, now);
      throw err;
    }
    return this.challengeOf(row.id, purpose);
  }

  /**
   * Checks the code of a sign-in challenge: the try is counted before the guess is compared
   * (at most OTP_MAX_TRIES, 10 minutes, once). Returns the email the code was sent to.
   */
  async useSignInCode(
    storeId: string,
    challenge: string,
    code: string,
    ip: string,
    purpose: StaffCodePurpose = 'staff-login',
  ) {
    await this.codesDeps.limiter.hit(
      [{ key: `otp-try:ip:${ip}`, max: this.codesDeps.limits.otpTryPerIp, windowMs: 10 * MINUTE }],
      'Too many OTP tries.',
    );
    const codeId = this.codeIdOfChallenge(challenge, purpose);
    const row = codeId && (await this.codesDeps.repository.codeById(storeId, codeId, purpose));
    const now = this.codesDeps.clock();
    const test = purpose === 'second-factor-test';
    const gone = test ? MSG.testCodeGone : MSG.signInCodeGone;
    const tooMany = test ? MSG.testCodeTooManyTries : MSG.signInCodeTooManyTries;
    if (!row || row.consumedAt || row.verifiedAt) throw new BadRequest(gone, 'challenge');
    if (row.expiresAt <= now) throw new BadRequest(gone, 'code');
    const [counted] = await this.codesDeps.repository.countTries([row.id], OTP_MAX_TRIES);
    if (!counted) throw new TooManyRequests(tooMany);
    const given = Buffer.from(this.hashCode(storeId, row.email, code), 'hex');
    if (
      timingSafeEqual(Buffer.from(row.codeHash, 'hex'), given) &&
      (await this.codesDeps.repository.useCode(row.id, now, OTP_MAX_TRIES))
    ) {
      return row.email;
    }
    const left = OTP_MAX_TRIES - counted.attempts;
    if (left <= 0) throw new TooManyRequests(tooMany);
    throw new BadRequest(
      `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      'code',
    );
  }

  /**
   * Reset mail, off the request path but waited for on close (`afterAnswer`); a failure retires
   * the code and is logged.
   */
  private deliverLater(message: Parameters<EmailSender['send']>[0], codeId: string, now: Date) {
    this.codesDeps.afterAnswer.run(async () => {
      try {
        await this.mailQueue.run(() => this.codesDeps.email.send(message));
      } catch (err) {
        this.codesDeps.log.error({ err }, 'sending a reset code failed');
        await this.codesDeps.repository.retireCode(codeId, now);
      }
    }, 'retiring an unsent code failed');
  }

  private async deliver(message: Parameters<EmailSender['send']>[0]) {
    try {
      await this.codesDeps.email.send(message);
    } catch (err) {
      this.codesDeps.log.error({ err }, 'sending an account email failed');
      throw new Unavailable(MSG.emailFailed);
    }
  }

  /**
   * Checks a code against the newest live codes of the email (OTP_LIVE_PER_PURPOSE of each
   * purpose): each single use, 10-minute expiry, at most 5 tries. A try is counted on every
   * code before the guess is compared with it (one atomic statement), so parallel guesses
   * cannot exceed any code's limit. A right guess retires the email's other codes of its
   * purpose and returns the single-use proof the signup or reset must present.
   */
  async verify(
    storeId: string,
    email: string,
    otp: string,
    ip: string,
  ): Promise<{ purpose: OtpPurpose; proof: string }> {
    await this.codesDeps.limiter.hit(
      [{ key: `otp-try:ip:${ip}`, max: this.codesDeps.limits.otpTryPerIp, windowMs: 10 * MINUTE }],
      'Too many OTP tries.',
    );
    const now = this.codesDeps.clock();
    const candidates = newestPerPurpose(
      await this.codesDeps.repository.liveCodes(storeId, email, now),
      OTP_LIVE_PER_PURPOSE,
    );
    if (candidates.length === 0) {
      const newest = await this.codesDeps.repository.liveCode(storeId, email);
      if (!newest) throw new BadRequest(MSG.noLiveCode, 'otp');
      throw new BadRequest(MSG.otpExpired, 'otp');
    }
    const counted = await this.codesDeps.repository.countTries(
      candidates.map((c) => c.id),
      OTP_MAX_TRIES,
    );
    if (counted.length === 0) throw new TooManyRequests(MSG.tooManyTries);

    const given = Buffer.from(this.hashCode(storeId, email, otp), 'hex');
    const triesOf = new Map(counted.map((c) => [c.id, c.attempts]));
    // Newest first; each code that had a try left is compared (all of them, same time).
    const matches = candidates.filter(
      (c) => triesOf.has(c.id) && timingSafeEqual(Buffer.from(c.codeHash, 'hex'), given),
    );
    for (const code of matches) {
      if (await this.codesDeps.repository.markVerified(code.id, now, OTP_MAX_TRIES)) {
        await this.codesDeps.repository.retireOthers(code, now);
        const purpose = code.purpose as OtpPurpose;
        return { purpose, proof: this.proofOf(code.id, purpose) };
      }
    }
    const left = Math.max(...counted.map((c) => OTP_MAX_TRIES - c.attempts));
    if (left <= 0) throw new TooManyRequests(MSG.tooManyTries);
    throw new BadRequest(`Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'otp');
  }

  /**
   * Checks a signup or reset proof before any other work (no hashing for a caller without
   * one): 403 unless it names a code of this email and purpose, verified in the last 10
   * minutes and not used yet. Returns what `consumeProof` needs.
   */
  async checkProof(input: {
    storeId: string;
    email: string;
    purpose: OtpPurpose;
    proof: string | undefined;
  }): Promise<ProofWhere> {
    const codeId = this.codeIdOf(input.proof, input.purpose);
    if (!codeId) throw new Forbidden(MSG.notVerified);
    const where: ProofWhere = {
      codeId,
      storeId: input.storeId,
      email: input.email,
      purpose: input.purpose,
      verifiedAfter: new Date(this.codesDeps.clock().getTime() - OTP_PROOF_MS),
    };
    if (!(await this.codesDeps.repository.verifiedCode(where)))
      throw new Forbidden(MSG.notVerified);
    return where;
  }

  /** Uses up a checked proof inside the caller's transaction; 403 when another use won. */
  async consumeProof(tx: Database, proof: ProofWhere): Promise<void> {
    const used = await this.codesDeps.repository.consumeVerifiedCode(tx, {
      ...proof,
      now: this.codesDeps.clock(),
    });
    if (!used) throw new Forbidden(MSG.notVerified);
  }
}

/** The first `keep` codes of each purpose, in the given (newest first) order. */
function newestPerPurpose<T extends { purpose: string }>(codes: T[], keep: number): T[] {
  const seen = new Map<string, number>();
  return codes.filter((c) => {
    const n = (seen.get(c.purpose) ?? 0) + 1;
    seen.set(c.purpose, n);
    return n <= keep;
  });
}
