/**
 * The open loop's load generator, in a process of its own (forked by mix-bench.ts): a process
 * that only sends the given requests (browse URLs, and for the whole mix the cart and checkout
 * users' steps, mix-users.ts) and times the answers keeps a small heap, so its own garbage
 * collections stay short. Run inside the bench process, which holds the mix's fixtures, its
 * 10–20 ms scavenges stalled sending and reading and counted as the server's latency
 * (docs/benchmarks.md, 2026-11-25 evening).
 *
 * One message per phase: `OpenPhaseRequest` in, `OpenPhaseResult` out.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { openLoop } from './load-loop.ts';
import {
  answerOf,
  cartUser,
  checkoutUser,
  send,
  type CallOptions,
  type Line,
  type MixClient,
  type MixShopper,
  type Part,
} from './mix-users.ts';

/**
 * What one arrival does: a browse URL to GET, or the next step of a cart user (one request) or a
 * whole checkout of a checkout user (summary, place, pay, verify: one after the other), by index.
 */
export type OpenAction = string | { cart: number } | { checkout: number };

/** Timed apart: every part, and placing an order within checkout. */
export type OpenKind = Part | 'place';

export interface OpenPhaseRequest {
  base: string;
  /** Arrival i does actions[i]. */
  actions: OpenAction[];
  rate: number;
  seconds: number;
  /** The accounts and lines of the cart and checkout users (a mix only). */
  users?: { cart: MixShopper[]; checkout: MixShopper[]; buyable: Line[] };
}

export interface OpenPhaseResult {
  /**
   * Each answered request's latency, and the second it was due in: an arrival's first request
   * is timed from when it was due, a checkout's later steps from when they were sent.
   */
  latencies: number[];
  dueSecond: number[];
  byKind: Record<OpenKind, number[]>;
  errorsByKind: Record<OpenKind, number>;
  errors: number;
  failures: string[];
  bytes: number;
  /** Arrivals: issued, dropped (over the in-flight cap, or every user of their kind busy). */
  open: { issued: number; dropped: number; maxInFlight: number; seconds: number };
  /** This process's worst event-loop delay and longest GC pause in each second (ms). */
  lagBySecond: number[];
  gcBySecond: number[];
  slowest: { ms: number; second: number; url: string }[];
  /** This process's CPU time (user + system) over the phase, in ms. */
  cpuMs: number;
}

/** At most this many arrivals in flight at once; one due beyond it is not sent (an error). */
const MAX_IN_FLIGHT = 256;

/** Cart and checkout users live across phases (a cart user remembers its lines). */
type User = (client: MixClient) => Promise<void>;
const carts = new Map<number, User>();
const checkouts = new Map<number, User>();
const busy = new Set<string>();

async function runPhase({
  base,
  actions,
  rate,
  seconds,
  users,
}: OpenPhaseRequest): Promise<OpenPhaseResult> {
  const kinds = (): Record<OpenKind, number[]> => ({
    browse: [],
    cart: [],
    checkout: [],
    place: [],
  });
  const result: OpenPhaseResult = {
    latencies: [],
    dueSecond: [],
    byKind: kinds(),
    errorsByKind: { browse: 0, cart: 0, checkout: 0, place: 0 },
    errors: 0,
    failures: [],
    bytes: 0,
    open: { issued: 0, dropped: 0, maxInFlight: 0, seconds: 0 },
    lagBySecond: [],
    gcBySecond: [],
    slowest: [],
    cpuMs: 0,
  };
  const cpu = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  let gc = 0;
  const gcWatch = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc = Math.max(gc, e.duration);
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    result.lagBySecond.push(lag.max / 1e6);
    lag.reset();
    result.gcBySecond.push(gc);
    gc = 0;
  }, 1000);
  const started = performance.now();
  const failed = (kind: OpenKind, message: string) => {
    result.errors += 1;
    result.errorsByKind[kind] += 1;
    if (result.failures.length < 5) result.failures.push(message);
  };

  /** A transport for one arrival: its first request timed from `due`, later ones from sending. */
  const clientFor = (due: number): MixClient => {
    let first = true;
    return {
      async call<T>(part: Part, method: string, url: string, o: CallOptions = {}) {
        const from = first ? due : performance.now();
        first = false;
        const { status, text } = await send(base, method, url, o);
        const ms = performance.now() - from;
        const second = Math.floor((from - started) / 1000);
        result.latencies.push(ms);
        result.dueSecond.push(second);
        result.byKind[part].push(ms);
        if (o.step) result.byKind[o.step].push(ms);
        result.bytes += Buffer.byteLength(text);
        result.slowest.push({ ms, second, url: `${method} ${url}` });
        if (result.slowest.length > 64) result.slowest.sort((a, b) => b.ms - a.ms).splice(32);
        if (status >= 200 && status < 300) return answerOf<T>(part, text);
        failed(o.step ?? part, `${method} ${url} → ${status} ${text.slice(0, 200)}`);
        return undefined;
      },
      fail: (part, message) => failed(part, message),
    };
  };

  /** The first idle user of a kind from index `from` on (none: the arrival is dropped). */
  const idle = (kind: 'cart' | 'checkout', from: number, count: number) => {
    for (let k = 0; k < count; k++) {
      const i = (from + k) % count;
      if (!busy.has(`${kind}${i}`)) return i;
    }
    return -1;
  };

  let next = 0;
  const kindOf = (action: OpenAction): Part =>
    typeof action === 'string' ? 'browse' : 'cart' in action ? 'cart' : 'checkout';
  /** Arrivals dropped because every user of their kind was busy (openLoop counts the cap's). */
  let busyDropped = 0;
  /** An arrival openLoop did not start (the in-flight cap): an error of its kind, as a busy user's. */
  const notSent = () => {
    const action = actions[next++ % actions.length]!;
    failed(kindOf(action), `not sent: ${MAX_IN_FLIGHT} arrivals were in flight`);
  };
  const step = async (due: number) => {
    const action = actions[next++ % actions.length]!;
    const client = clientFor(due);
    if (typeof action === 'string') {
      await client.call('browse', 'GET', action);
      return;
    }
    if (!users) throw new Error('a cart or checkout arrival without users');
    const kind = 'cart' in action ? 'cart' : 'checkout';
    const pool = users[kind];
    const i = idle(kind, 'cart' in action ? action.cart : action.checkout, pool.length);
    if (i < 0) {
      busyDropped += 1;
      failed(kind, `every ${kind} user was busy`);
      return;
    }
    const made = kind === 'cart' ? carts : checkouts;
    let user = made.get(i);
    if (!user) {
      user =
        kind === 'cart'
          ? cartUser(users.buyable, pool[i]!, 2000 + i)
          : checkoutUser(users.buyable, pool[i]!, 3000 + i);
      made.set(i, user);
    }
    busy.add(`${kind}${i}`);
    try {
      await user(client);
    } finally {
      busy.delete(`${kind}${i}`);
    }
  };
  result.open = await openLoop(rate, seconds, step, notSent, MAX_IN_FLIGHT);
  result.open.dropped += busyDropped;
  clearInterval(timer);
  lag.disable();
  gcWatch.disconnect();
  result.slowest.sort((a, b) => b.ms - a.ms).splice(8);
  const used = process.cpuUsage(cpu);
  result.cpuMs = (used.user + used.system) / 1000;
  return result;
}

process.on('message', (request: OpenPhaseRequest) => {
  // Collected before the phase, so nothing of the last one is left to collect in its first second.
  (globalThis as { gc?: () => void }).gc?.();
  runPhase(request).then(
    (result) => process.send!(result),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
process.send!('ready');
