import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long running requests may take before their connections are cut. */
  timeoutMs: number;
  /** Closes what the server opened besides itself (the database). */
  release: () => Promise<void>;
}

/**
 * Stops the server the way a load balancer expects: no new connections, 503 (with
 * `Connection: close`) to new requests on kept-alive ones, running requests finish and their
 * connections are closed as soon as they are idle; after
 * `timeoutMs` the remaining connections are cut. Then the database is closed. Answers whether
 * everything finished in time.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  { timeoutMs, release }: ShutdownOptions,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const closed = app.close().then(() => 'closed' as const);
  // Node closes the connections that are idle when close() is called; a kept-alive connection
  // whose request finishes later would hold the server open until its keep-alive timeout.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
  const first = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  if (first === 'timeout') {
    app.log.warn(`requests still running after ${timeoutMs} ms; closing their connections`);
    app.server.closeAllConnections();
    await closed;
  }
  await release();
  return first === 'closed';
}
