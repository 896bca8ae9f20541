import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@shop/db';
import type { EmailSender } from '../../adapters/email-sender.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, TooManyRequests, Unavailable } from '../../lib/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import { alreadyRegisteredEmail, codeEmail } from './account-emails.ts';
import { ACCOUNT_MESSAGES as MSG, HOUR, MINUTE } from './accounts-messages.ts';
import type { AccountsRepository, OtpPurpose } from './accounts-repository.ts';

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
  limits: { otpSendPerEmail: number; otpSendPerIp: number; otpTryPerIp: number };
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** One-time email codes: send, check, and consume the proof a right guess leaves. */
export class CodesService {
  constructor(private readonly o: CodesServiceOptions) {}

  private hashCode(storeId: string, email: string, code: string) {
    return createHmac('sha256', this.o.otpKey)
      .update(`${storeId}\n${email}\n${code}`)
      .digest('hex');
  }

  /**
   * Sends a signup or reset code for an email of the store (named `storeName` in the email).
   * Behaves alike whether or not the email has an account.
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
          key: `otp-send:email:${storeId}:${email}`,
          max: this.o.limits.otpSendPerEmail,
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
    if (purpose === 'reset' && !user) {
      this.o.log.info({ storeId }, 'reset code asked for an email without an account');
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
    try {
      await this.deliver(codeEmail(email, store.name, code, purpose, OTP_TTL_MS / MINUTE));
    } catch (err) {
      await this.o.repository.retireCode(row.id, now);
      throw err;
    }
  }

  private async deliver(message: Parameters<EmailSender['send']>[0]) {
    try {
      await this.o.email.send(message);
    } catch (err) {
      this.o.log.error({ err }, 'sending an account email failed');
      throw new Unavailable(MSG.emailFailed);
    }
  }

  /** Checks a code: single use, 10-minute expiry, at most 5 wrong tries. */
  async verify(storeId: string, email: string, otp: string, ip: string): Promise<void> {
    await this.o.limiter.hit(
      [{ key: `otp-try:ip:${ip}`, max: this.o.limits.otpTryPerIp, windowMs: 10 * MINUTE }],
      'Too many OTP tries.',
    );
    const code = await this.o.repository.liveCode(storeId, email);
    const now = this.o.clock();
    if (!code) throw new BadRequest(MSG.noLiveCode, 'otp');
    if (code.expiresAt <= now) throw new BadRequest(MSG.otpExpired, 'otp');
    if (code.attempts >= OTP_MAX_TRIES) throw new TooManyRequests(MSG.tooManyTries);

    const expected = Buffer.from(code.codeHash, 'hex');
    const given = Buffer.from(this.hashCode(storeId, email, otp), 'hex');
    if (
      timingSafeEqual(expected, given) &&
      (await this.o.repository.markVerified(code.id, now, OTP_MAX_TRIES))
    ) {
      return;
    }
    const tries = await this.o.repository.countWrongTry(code.id, OTP_MAX_TRIES);
    if (tries === null || tries >= OTP_MAX_TRIES) throw new TooManyRequests(MSG.tooManyTries);
    const left = OTP_MAX_TRIES - tries;
    throw new BadRequest(`Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'otp');
  }

  /**
   * Uses up the proof of a code verified in the last 10 minutes, inside the caller's
   * transaction; false when there is none.
   */
  async consumeProof(
    tx: Database,
    input: { storeId: string; email: string; purpose: OtpPurpose },
  ): Promise<boolean> {
    const now = this.o.clock();
    return Boolean(
      await this.o.repository.consumeVerifiedCode(tx, {
        ...input,
        verifiedAfter: new Date(now.getTime() - OTP_PROOF_MS),
        now,
      }),
    );
  }
}
