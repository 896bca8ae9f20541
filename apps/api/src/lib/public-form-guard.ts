import type { RateLimiter } from '../plugins/rate-limiter.ts';

export interface PublicFormLimits {
  /** Messages of all public forms together from one IP address, an hour. */
  perIp: number;
  /** Messages of all public forms together from one email address (any IP), an hour. */
  perEmail: number;
}

interface Log {
  info(obj: object, msg: string): void;
}

const HOUR_MS = 3_600_000;

/**
 * What every public form (contact, enquiry, admission) goes through before it stores anything:
 * the per-IP and per-email limits (shared by all the forms, so one inbox or one address cannot
 * be used to flood the shop by switching forms) and the honeypot. Decision "public forms"
 * explains the honeypot's answer.
 */
export class PublicFormGuard {
  constructor(
    private readonly formGuardDeps: {
      limiter: RateLimiter;
      limits: PublicFormLimits;
      log: Log;
    },
  ) {}

  /**
   * Counts the message and decides: 'trap' when the honeypot is filled (the caller answers as if
   * it succeeded and keeps and sends nothing; only the IP is counted, the email may be anyone's),
   * 'accept' otherwise. Throws 429 (TooManyRequests) when a limit is passed.
   */
  async admit(m: {
    form: string;
    ip: string;
    email: string;
    honeypot: string;
  }): Promise<'accept' | 'trap'> {
    const ipLimit = {
      key: `public-form:ip:${m.ip}`,
      max: this.formGuardDeps.limits.perIp,
      windowMs: HOUR_MS,
    };
    const what = 'Too many messages sent.';
    if (m.honeypot.trim() !== '') {
      await this.formGuardDeps.limiter.hit([ipLimit], what);
      // No personal data: which form and that it happened, for a count of the spam caught.
      this.formGuardDeps.log.info({ form: m.form }, 'public form honeypot filled; nothing stored');
      return 'trap';
    }
    await this.formGuardDeps.limiter.hit(
      [
        ipLimit,
        {
          key: `public-form:email:${m.email.toLowerCase()}`,
          max: this.formGuardDeps.limits.perEmail,
          windowMs: HOUR_MS,
        },
      ],
      what,
    );
    return 'accept';
  }
}
