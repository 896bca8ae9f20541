import { webhookSignature } from './payment-signatures.ts';
import type { WebhookEvent } from './razorpay-webhook-payloads.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

export interface WebhookSchedulerOptions {
  /** Where the webhooks go: the shop's own webhook route. */
  url: string;
  /** Delay before the first delivery, ms (a random value in [min, max]). */
  delayMs?: { min: number; max: number };
  /** Chance that a delivered event is delivered once more, as the real gateway sometimes does. */
  duplicateChance?: number;
  /** Deliveries tried per copy before giving up (non-2xx or network error). */
  maxAttempts?: number;
  random?: () => number;
  fetchImpl?: typeof fetch;
  log?: Log;
}

/**
 * Delivers the sandbox's webhooks like Razorpay: a POST of the JSON body, signed in
 * X-Razorpay-Signature with the webhook secret and identified by X-Razorpay-Event-Id, after a
 * short delay, sometimes twice, retried when the shop does not answer 2xx. Timers live in this
 * process (the sandbox is a local stand-in, not a shared service).
 */
export interface WebhookScheduler {
  /** Sends `event` signed with `webhookSecret` (the secret of the store it belongs to). */
  schedule(event: WebhookEvent, webhookSecret: string): void;
  /** Resolves when every scheduled delivery (and its retries and duplicates) has finished. */
  idle(): Promise<void>;
  /** Drops deliveries not yet started (in memory) or stops polling (the outbox). */
  close(): void | Promise<void>;
}

export function createWebhookScheduler(options: WebhookSchedulerOptions): WebhookScheduler {
  const delay = options.delayMs ?? { min: 300, max: 1500 };
  const duplicateChance = options.duplicateChance ?? 0.2;
  const maxAttempts = options.maxAttempts ?? 3;
  const random = options.random ?? Math.random;
  const fetchImpl = options.fetchImpl ?? fetch;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const pick = () => delay.min + Math.floor(random() * (delay.max - delay.min + 1));

  const later = (ms: number, job: () => Promise<void>) => {
    if (closed) return;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    running.add(finished);
    const timer = setTimeout(() => {
      timers.delete(timer);
      job()
        .catch(() => undefined)
        .finally(() => {
          running.delete(finished);
          done();
        });
    }, ms);
    timers.add(timer);
    // Unref'd so a pending webhook never keeps a test or a stopping server alive.
    timer.unref();
  };

  const deliver = async (
    event: WebhookEvent,
    raw: string,
    secret: string,
    attempt: number,
  ): Promise<void> => {
    let ok = false;
    try {
      const res = await fetchImpl(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(raw, secret),
          'x-razorpay-event-id': event.id,
        },
        body: raw,
        signal: AbortSignal.timeout(5000),
      });
      ok = res.ok;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      options.log?.warn({ err, event: event.event, id: event.id }, 'sandbox webhook not delivered');
    }
    if (!ok && attempt < maxAttempts) {
      later(pick() * 2 ** attempt, () => deliver(event, raw, secret, attempt + 1));
    }
  };

  return {
    schedule(event, webhookSecret) {
      const raw = JSON.stringify(event.body);
      later(pick(), async () => {
        await deliver(event, raw, webhookSecret, 1);
        if (random() < duplicateChance) later(pick(), () => deliver(event, raw, webhookSecret, 1));
      });
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      running.clear();
    },
  };
}
