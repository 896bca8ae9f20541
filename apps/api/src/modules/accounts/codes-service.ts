import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@shop/db';
import type { EmailSender } from '../../adapters/email-sender.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden, TooManyRequests, Unavailable } from '../../lib/errors.ts';
import { WorkQueue } from '../../lib/work-queue.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import { alreadyRegisteredEmail, codeEmail } from './account-emails.ts';
import { ACCOUNT_MESSAGES as MSG, HOUR, MINUTE } from './accounts-messages.ts';
import type { AccountsRepository, OtpPurpose, ProofWhere } from './accounts-repository.ts';

export const OTP_TTL_MS = 10 * MINUTE;
/** How long after a right guess the signup or reset may use it. */
export const OTP_PROOF_MS = 10 * MINUTE;
export const OTP_MAX_TRIES = 5;

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
}

/** One-time email codes: send, check, and consume the proof a right guess leaves. */
export class CodesService {
  /** Reset mail waits here instead of in the request (a few at a time). */
  private readonly mailQueue = new WorkQueue({ concurrency: 4, maxWaiting: 1000 });

  constructor(private readonly o: CodesServiceOptions) {}

  /** The proof of a right guess: the code's id and its HMAC (only the verifier is told it). */
  private proofOf(codeId: string, purpose: OtpPurpose) {
    const mac = createHmac('sha256', this.o.otpKey)
      .update(`proof\n${purpose}\n${codeId}`)
      .digest('base64url');
    return `${codeId}.${mac}`;
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
    return createHmac('sha256', this.o.otpKey)
      .update(`${storeId}\n${email}\n${code}`)
      .digest('hex');
  }

  /**
   * Sends a signup or reset code for an email of the store (named `storeName` in the email).
   * Behaves alike whether or not the email has an account: a reset for an unknown email still
   * stores a code (one nobody receives), so verify-otp answers a wrong guess the same way, and
   * reset mail leaves through a queue, so the answer does not wait for it either way.
   */
  async send(
    store: { id: string; name: string },
    email: string,
    purpose: OtpPurpose,
    ip: string,
  ): Promise<void> {
    const storeId = store.id;
    await this.o.limiter.hit(
      [
        {
          key: `otp-send:email-ip:${storeId}:${email}:${ip}`,
          max: this.o.limits.otpSendPerEmail,
          windowMs: HOUR,
        },
        {
          key: `otp-send:email:${storeId}:${email}`,
          max: this.o.limits.otpSendPerEmailAll,
          windowMs: HOUR,
        },
        { key: `otp-send:ip:${ip}`, max: this.o.limits.otpSendPerIp, windowMs: HOUR },
      ],
      'Too many codes requested.',
    );
    const user = await this.o.repository.userByEmail(storeId, email);
    if (purpose === 'signup' && user) {
      await this.deliver(alreadyRegisteredEmail(email, store.name));
      return;
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const now = this.o.clock();
    const row = await this.o.repository.replaceCode({
      storeId,
      email,
      purpose,
      codeHash: this.hashCode(storeId, email, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      now,
    });
    const message = codeEmail(email, store.name, code, purpose, OTP_TTL_MS / MINUTE);
    if (purpose === 'reset') {
      if (user) this.deliverLater(message, row.id, now);
      return;
    }
    try {
      await this.deliver(message);
    } catch (err) {
      await this.o.repository.retireCode(row.id, now);
      throw err;
    }
  }

  /** Reset mail, off the request path; a failure retires the code and is logged. */
  private deliverLater(message: Parameters<EmailSender['send']>[0], codeId: string, now: Date) {
    this.mailQueue
      .run(() => this.o.email.send(message))
      .catch(async (err: unknown) => {
        this.o.log.error({ err }, 'sending a reset code failed');
        await this.o.repository.retireCode(codeId, now);
      })
      .catch((err: unknown) => this.o.log.error({ err }, 'retiring an unsent code failed'));
  }

  private async deliver(message: Parameters<EmailSender['send']>[0]) {
    try {
      await this.o.email.send(message);
    } catch (err) {
      this.o.log.error({ err }, 'sending an account email failed');
      throw new Unavailable(MSG.emailFailed);
    }
  }

  /**
   * Checks a code: single use, 10-minute expiry, at most 5 tries. Each try is counted before
   * the comparison (one atomic statement), so parallel guesses cannot exceed the limit.
   * Returns the single-use proof the signup or reset must present.
   */
  async verify(
    storeId: string,
    email: string,
    otp: string,
    ip: string,
  ): Promise<{ purpose: OtpPurpose; proof: string }> {
    await this.o.limiter.hit(
      [{ key: `otp-try:ip:${ip}`, max: this.o.limits.otpTryPerIp, windowMs: 10 * MINUTE }],
      'Too many OTP tries.',
    );
    const code = await this.o.repository.liveCode(storeId, email);
    const now = this.o.clock();
    if (!code) throw new BadRequest(MSG.noLiveCode, 'otp');
    if (code.expiresAt <= now) throw new BadRequest(MSG.otpExpired, 'otp');
    const tries = await this.o.repository.countTry(code.id, OTP_MAX_TRIES);
    if (tries === null) throw new TooManyRequests(MSG.tooManyTries);

    const expected = Buffer.from(code.codeHash, 'hex');
    const given = Buffer.from(this.hashCode(storeId, email, otp), 'hex');
    const purpose = code.purpose as OtpPurpose;
    if (
      timingSafeEqual(expected, given) &&
      (await this.o.repository.markVerified(code.id, now, OTP_MAX_TRIES))
    ) {
      return { purpose, proof: this.proofOf(code.id, purpose) };
    }
    if (tries >= OTP_MAX_TRIES) throw new TooManyRequests(MSG.tooManyTries);
    const left = OTP_MAX_TRIES - tries;
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
      verifiedAfter: new Date(this.o.clock().getTime() - OTP_PROOF_MS),
    };
    if (!(await this.o.repository.verifiedCode(where))) throw new Forbidden(MSG.notVerified);
    return where;
  }

  /** Uses up a checked proof inside the caller's transaction; 403 when another use won. */
  async consumeProof(tx: Database, proof: ProofWhere): Promise<void> {
    const used = await this.o.repository.consumeVerifiedCode(tx, { ...proof, now: this.o.clock() });
    if (!used) throw new Forbidden(MSG.notVerified);
  }
}
