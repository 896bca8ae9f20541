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
    },
  },
});
