/**
 * Sums a V8 .cpuprofile's self time by function, by file (or npm package) and by coarse area,
 * and the total time under chosen functions (inclusive), so "where does one order's time go"
 * is a table, not a flame graph:
 *
 *   npx tsx apps/api/bench/profile-summary.ts <file.cpuprofile> [orders placed] [top N]
 *
 * With the number of orders the phase placed, each figure is also given in ms per order.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, ordersArg, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [orders] [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const orders = Number(ordersArg ?? 0);
const top = Number(topArg ?? 40);

/** Self time (µs) per node id, from the samples and the gaps between them. */
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
});
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idleUs = [...selfUs].reduce(
  (sum, [id, us]) => sum + (byId.get(id)!.callFrame.functionName === '(idle)' ? us : 0),
  0,
);

/** A file's package (node_modules/<pkg>), our own source path, or node's internals. */
function place(url: string): string {
  if (url === '') return '(native / V8)';
  if (url.startsWith('node:')) return url;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return `npm:${m[1]}`;
  const own = /\/(apps|packages)\/(.+)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** A coarse area, for the per-order breakdown. */
function area(frame: CallFrame): string {
  const p = place(frame.url);
  const f = frame.functionName;
  if (f === '(idle)') return 'idle';
  if (f === '(garbage collector)') return 'garbage collection';
  if (f === '(program)') return 'V8/native (program)';
  if (p.startsWith('npm:pg') || p.includes('pg-protocol') || p.includes('pg-pool'))
    return 'pg driver';
  if (p.startsWith('npm:drizzle-orm')) return 'Drizzle (query building, mapping)';
  if (p.startsWith('npm:zod') || p.includes('fastify-type-provider-zod'))
    return 'zod (validation, serialisation)';
  if (p.startsWith('npm:jose')) return 'token verify (jose)';
  if (
    p.startsWith('npm:fastify') ||
    p.startsWith('npm:@fastify') ||
    p.startsWith('npm:find-my-way') ||
    p.startsWith('npm:light-my-request') ||
    p.startsWith('npm:avvio')
  )
    return 'Fastify';
  if (p.startsWith('npm:pino') || p.startsWith('npm:sonic-boom')) return 'logging';
  if (p.startsWith('npm:prom-client')) return 'metrics';
  if (p.startsWith('npm:')) return `other ${p}`;
  if (p.startsWith('node:')) return 'Node internals (http, net, streams, crypto)';
  if (p === '(native / V8)') return 'native (JSON, crypto, writev, …)';
  if (p.startsWith('packages/domain')) return 'domain rules';
  if (p.startsWith('packages/')) return p.split('/').slice(0, 2).join('/');
  if (p.startsWith('apps/api/src/modules/')) return `module ${p.split('/')[4]}`;
  if (p.startsWith('apps/api/')) return `api ${p.split('/').slice(2, 4).join('/')}`;
  return p;
}

function sumBy(key: (frame: CallFrame) => string) {
  const out = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const k = key(byId.get(id)!.callFrame);
    out.set(k, (out.get(k) ?? 0) + us);
  }
  return [...out].sort((a, b) => b[1] - a[1]);
}

const busyUs = totalUs - idleUs;
const fmt = (us: number) =>
  `${(us / 1000).toFixed(0).padStart(7)} ms ${((us / busyUs) * 100).toFixed(1).padStart(5)}%` +
  (orders > 0 ? ` ${(us / 1000 / orders).toFixed(3).padStart(7)} ms/order` : '');

console.log(
  `${file}: ${(totalUs / 1e6).toFixed(1)} s profiled, ${(idleUs / 1e6).toFixed(1)} s idle, ${(busyUs / 1e6).toFixed(1)} s busy` +
    (orders > 0
      ? `; ${orders} orders: ${(busyUs / 1000 / orders).toFixed(3)} ms busy per order`
      : ''),
);
console.log('\n## self time by area (share of busy time)');
for (const [k, us] of sumBy(area)) if (k !== 'idle') console.log(`${fmt(us)}  ${k}`);
console.log('\n## self time by file or package');
for (const [k, us] of sumBy((f) => place(f.url)).slice(0, top)) console.log(`${fmt(us)}  ${k}`);
console.log('\n## self time by function');
for (const [k, us] of sumBy(
  (f) => `${f.functionName || '(anonymous)'} ${place(f.url)}:${f.lineNumber + 1}`,
).slice(0, top))
  console.log(`${fmt(us)}  ${k}`);

/** Inclusive time under frames matching `test` (each sample counted once). */
function inclusive(test: (frame: CallFrame) => boolean): number {
  const memo = new Map<number, boolean>();
  const under = (id: number): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const parent = parentOf.get(id);
    const v = test(node.callFrame) || (parent !== undefined && under(parent));
    memo.set(id, v);
    return v;
  };
  let us = 0;
  for (const [id, t] of selfUs) if (under(id)) us += t;
  return us;
}

const fn = (name: string, fileNamePart: string) => (f: CallFrame) =>
  f.functionName === name && f.url.includes(fileNamePart);
const inFile = (fileNamePart: string) => (f: CallFrame) => f.url.includes(fileNamePart);

console.log('\n## inclusive time under (self time of everything they call)');
const marks: [string, (f: CallFrame) => boolean][] = [
  ['auth onRequest hook (token verify)', (f) => f.url.includes('plugins/auth.ts')],
  ['access token verify', inFile('lib/access-tokens.ts')],
  ['zod validation (validatorCompiler)', inFile('fastify-type-provider-zod')],
  ['PlacingService.place', fn('place', 'placing-service.ts')],
  ['CheckoutService.quote', fn('quote', 'checkout-service.ts')],
  ['PricingService.price', fn('price', 'pricing-service.ts')],
  ['OrdersRepository.place', fn('place', 'orders-repository.ts')],
  ['Drizzle (all)', inFile('drizzle-orm')],
  ['pg driver (all)', (f) => /node_modules\/(pg|pg-protocol|pg-pool)\//.test(f.url)],
  ['JSON.stringify / parse', (f) => f.functionName === 'stringify' || f.functionName === 'parse'],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
];
for (const [label, test] of marks) console.log(`${fmt(inclusive(test))}  ${label}`);
