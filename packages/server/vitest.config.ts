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
    // Each file starts its own app on its own database, and nothing of the server keeps state in a module that a
    // test changes: a worker imports the server once instead of once per file (about 6 s a file on two cores,
    // half of a run).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
