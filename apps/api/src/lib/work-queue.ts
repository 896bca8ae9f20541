import { Unavailable } from './errors.ts';

export interface WorkQueueOptions {
  /** How many tasks run at once. */
  concurrency: number;
  /** How many may wait; one more is refused at once (a flood cannot pile up without end). */
  maxWaiting: number;
  /** The message of the 503 a refused task gets. */
  busyMessage?: string;
}

/**
 * Runs async tasks at most `concurrency` at a time, the rest waiting in order (p-limit style).
 * Used to bound password hashing (argon2 runs on libuv's small thread pool, which file and DNS
 * work share) and to send account emails off the request path.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly o: WorkQueueOptions) {}

  get active(): number {
    return this.running;
  }

  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.o.concurrency) {
      if (this.waiting.length >= this.o.maxWaiting) {
        throw new Unavailable(this.o.busyMessage ?? 'The server is busy. Please try again.');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so `running` stays the same.
      if (next) next();
      else this.running--;
    }
  }
}
