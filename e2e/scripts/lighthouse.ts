/**
 * npm run lighthouse: Lighthouse (mobile defaults: simulated 4G and a mid-range phone CPU) on
 * /, /products and a product page of the built app, three runs each; prints the median score
 * of each category. The budget is 95 in every category (docs/benchmarks.md). LIGHTHOUSE_PAGES (a
 * comma list of paths) measures other pages, e.g. the content and form pages.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { productPath } from '@shop/domain';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3200);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BUDGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const base = `http://localhost:${PORT}`;

// One node process (no npx wrapper), so killing it really stops the server.
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, '../../apps/api/src/server.ts')],
  {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-lighthouse-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  },
);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('server did not start');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let failed = false;
try {
  await waitForServer();
  const list = (await (
    await fetch(`${base}/api/grouped-product/search-all-products/urbanroll?limit=1`)
  ).json()) as {
    data: { title: string; product_id: string }[];
  };
  const product = list.data[0]!;
  // LIGHTHOUSE_PAGES=/about,/contact measures those pages instead (the content pages' figures).
  const pages = process.env.LIGHTHOUSE_PAGES
    ? process.env.LIGHTHOUSE_PAGES.split(',').map((p) => p.trim())
    : ['/', '/products', productPath(product.title, product.product_id)];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    console.log(`| page | ${CATEGORIES.join(' | ')} |`);
    console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|`);
    for (const page of pages) {
      const scores: Record<string, number[]> = {};
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        if (process.env.LIGHTHOUSE_REPORT_DIR && result) {
          const file = path.join(
            process.env.LIGHTHOUSE_REPORT_DIR,
            `${page.replaceAll('/', '_') || 'home'}-${run}.json`,
          );
          writeFileSync(file, JSON.stringify(result.lhr));
        }
        for (const c of CATEGORIES) {
          (scores[c] ??= []).push(Math.round((result?.lhr.categories[c]?.score ?? 0) * 100));
        }
      }
      const medians = CATEGORIES.map((c) => median(scores[c]!));
      if (medians.some((m) => m < BUDGET)) failed = true;
      const name = page.startsWith('/product/') ? '/product/… (a product page)' : page;
      console.log(`| ${name} | ${medians.join(' | ')} |`);
    }
  } finally {
    chrome.kill();
  }
} finally {
  server.kill('SIGTERM');
}
console.log(failed ? `Some medians are under ${BUDGET}.` : `Every median is at least ${BUDGET}.`);
process.exit(failed ? 1 : 0);
