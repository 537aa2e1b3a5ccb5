import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Its own project in the root config: once a run, not once per engine.
    exclude: [...configDefaults.exclude, 'test/upgrade/**'],
    globalSetup: ['test/global-setup.ts'],
    // PGlite is WebAssembly with a large heap: separate processes keep files from starving each other.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
