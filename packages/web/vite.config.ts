/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
