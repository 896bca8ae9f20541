/**
 * The payment gateway section (`BENCH=gateway`, no database): the API process's CPU per call
 * of the server's Razorpay adapter (the official SDK), opening an order as every placing of a
 * real shop does, against the local Razorpay stand-in running in a child process (so only the
 * adapter's side is counted); 4 calls in flight, as a busy server has. Also the CPU of building
 * the adapter (the SDK and its HTTP client), which StoreGateways.forStore does once per keys.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { razorpayGateway } from '../src/adapters/razorpay-gateway.ts';

const CALLS = Number(process.env.BENCH_GATEWAY_CALLS ?? 8_000);
const IN_FLIGHT = 4;
const KEY_ID = 'rzp_test_benchonly';
const KEY_SECRET = 'bench-only-razorpay-key-secret';

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** CPU µs per call of `work`, `n` calls with IN_FLIGHT at a time, after as many to warm up. */
async function perCall(n: number, work: () => Promise<unknown>): Promise<number> {
  const batch = () => Promise.all(Array.from({ length: IN_FLIGHT }, work));
  for (let i = 0; i < n / IN_FLIGHT / 4; i += 1) await batch();
  const before = cpuUs();
  for (let i = 0; i < n / IN_FLIGHT; i += 1) await batch();
  return (cpuUs() - before) / n;
}

export async function runGatewayBench(): Promise<void> {
  console.log(
    `\n# Payment gateway (the Razorpay adapter against the local stand-in in a child process): ${CALLS} orders opened, ${IN_FLIGHT} at a time`,
  );
  const standIn = fork(path.join(import.meta.dirname, 'razorpay-stand-in-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, KEY_ID, KEY_SECRET },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      standIn.once('message', (m) => resolve(m as string));
      standIn.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
    });
    const credentials = { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: 'unused' };
    const gateway = razorpayGateway({ credentials, baseUrl });
    let receipt = 0;
    const open = () =>
      gateway.createOrder({
        amountPaise: 249_900,
        receipt: `bench_${(receipt += 1)}`,
        notes: { order_id: '00000000-0000-4000-8000-000000000000', store_id: 'bench' },
      });
    const call = await perCall(CALLS, open);
    const build = await perCall(CALLS, () =>
      Promise.resolve(razorpayGateway({ credentials, baseUrl })),
    );
    console.log(`| what | CPU µs each |`);
    console.log(`|---|---:|`);
    console.log(
      `| a Razorpay order opened through the adapter (orders.create) | ${call.toFixed(0)} |`,
    );
    console.log(`| the adapter built (the SDK and its HTTP client) | ${build.toFixed(0)} |`);
  } finally {
    standIn.kill('SIGTERM');
  }
}
