/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The build names no store: the shop's server writes the request's store into each page it
 * serves (decision 0051). Vite's own dev server (npm run dev -w @shop/web) stands in for it,
 * naming STORE_ID's store (default urbanroll) as the server would.
 */
function devStore(): Plugin {
  const storeId = process.env.STORE_ID || 'urbanroll';
  return {
    name: 'shop-dev-store',
    apply: 'serve',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { name: 'shop-store-id', content: storeId },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), devStore()],
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
    manifest: true,
    rolldownOptions: {
      // Two apps, two entries: the storefront (index.html) and the admin (admin.html, at
      // /admin). No storefront chunk holds admin code (scripts/js-budget.ts checks it).
      input: { main: page('index.html'), admin: page('admin.html') },
      output: {
        codeSplitting: {
          // Shared modules of a few KB (money, price, a text field…) each became a chunk of
          // their own: a page loaded 21–28 scripts, and a phone's browser fetches at most six at
          // once from a server without HTTP/2, a round trip each (issue 29, docs/benchmarks.md).
          // Common chunks under 16 KB of source are written into each chunk that imports them
          // instead: 5–8 scripts a page (js-budget.ts fails above 8), the same bytes.
          experimentalInlineCommonChunks: { maxSize: 16_384 },
        },
      },
    },
  },
});
