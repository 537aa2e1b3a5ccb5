import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // PGlite is WebAssembly with a large heap: separate processes keep files from starving each other.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
