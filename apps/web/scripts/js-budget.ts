/**
 * Prints the gzipped JavaScript the home page loads (the entry chunk, the home route chunk and
 * everything they import statically) and fails when it is over the budget. Fails as well when
 * any chunk the storefront can load (statically or lazily) holds admin code.
 * Reads the Vite manifest of the last build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { storefrontAdminChunks } from './admin-separation.ts';

const BUDGET_KB = 150;
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

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entry[0]);
visit(home[0]);

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
