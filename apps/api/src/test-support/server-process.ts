import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far. */
  output: () => string;
  /** Its exit code once it exits. */
  exited: Promise<number | null>;
  /** Whether /api/health/ready answers 200 now. */
  ready: () => Promise<boolean>;
}

/** `src/server.ts` in a process of its own on a free loopback port, with `env` over ours. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  // Below Linux's ephemeral range (32768–60999), which outgoing connections (the tests' own
  // PostgreSQL clients among them) take ports from: 39708 was once taken that way (EADDRINUSE).
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return {
    child,
    port,
    output: () => output,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    ready: () =>
      fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      ),
  };
}
