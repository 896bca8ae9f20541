/**
 * Prints the gzipped JavaScript the home page loads (the entry chunk, the home route chunk and
 * everything they import statically) and fails when it is over the budget. Fails as well when
 * any chunk the storefront can load (statically or lazily) holds admin code, and when a
 * storefront page's first load needs more than MAX_SCRIPTS scripts (each a request; a browser
 * fetches six at a time from a server without HTTP/2: vite.config.ts inlines small common
 * chunks). Reads the Vite manifest of the last build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { storefrontAdminChunks } from './admin-separation.ts';

const BUDGET_KB = 150;
const MAX_SCRIPTS = 8;
const dist = path.join(import.meta.dirname, '..', 'dist');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

// The storefront's entry; admin.html is the admin app's (its own bundle).
const entry = Object.entries(manifest).find(([key, c]) => c.isEntry && key === 'index.html');
const home = Object.entries(manifest).find(([key]) => key.endsWith('routes/home-page.tsx'));
if (!entry || !home) throw new Error('manifest has no entry or home route chunk');

/** The scripts a first load of the entry and these chunks fetches (their static imports). */
const loadedBy = (...keys: string[]) => {
  const loaded = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return loaded;
};
const files = loadedBy(entry[0], home[0]);

const routes = Object.keys(manifest).filter((key) => /src\/app\/routes\/[^/]+\.tsx$/.test(key));
const scripts = routes.map((key) => ({ key, count: loadedBy(entry[0], key).size }));
const most = scripts.reduce((a, b) => (b.count > a.count ? b : a));
console.log(
  `Most scripts a storefront page loads first: ${most.count} (${most.key}; at most ${MAX_SCRIPTS})`,
);
const over = scripts.filter((s) => s.count > MAX_SCRIPTS);
if (over.length > 0) {
  console.error(`Too many scripts: ${over.map((s) => `${s.key} ${s.count}`).join(', ')}`);
  process.exit(1);
}

const admin = storefrontAdminChunks(manifest, dist, entry[0]);
if (admin.length > 0) {
  console.error(`Admin code in storefront chunks: ${admin.join(', ')}`);
  process.exit(1);
}

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`JavaScript loaded by / : ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`Over the JavaScript budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
