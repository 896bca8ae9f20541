interface Log {
  error(obj: object, msg: string): void;
}

/**
 * Work that must happen but need not delay the answer (an order's emails): each task starts at
 * once in the background; a failure is logged with what it was about, never thrown away
 * silently. `idle()` resolves when every task started so far has settled (the server waits for
 * it on close, the tests after each request).
 */
export class AfterAnswerTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Log) {}

  /** Starts `task`; a rejection is logged as `failure` with `context`. */
  run(task: () => Promise<void>, failure: string, context: object = {}): void {
    const settled: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.log.error({ ...context, err }, failure))
      .finally(() => this.pending.delete(settled));
    this.pending.add(settled);
  }

  /** How many tasks have not settled yet. */
  get size(): number {
    return this.pending.size;
  }

  /** Resolves when every task started before (or while) waiting has settled. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
