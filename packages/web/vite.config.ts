/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // A .br and a .gz twin next to every built file worth compressing; the server picks one by Accept-Encoding
    // (platform/web/web-app.ts), so nothing is compressed per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    // `vite` in development talks to a server started with `npm start`.
    proxy: { '/api': backend, '/idp': backend, '/ParkHere': backend },
  },
  build: {
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        // The hidden frame of a silent renew; a page of its own so the CSP needs no inline script.
        silentRenew: fileURLToPath(new URL('silent-renew.html', import.meta.url)),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
