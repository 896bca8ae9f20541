/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    // The store this build serves (README: STORE_ID).
    __STORE_ID__: JSON.stringify(process.env.STORE_ID ?? 'urbanroll'),
  },
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
