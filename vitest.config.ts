import { defineConfig } from 'vitest/config';

// One run covers every package; each package keeps its own config next to its code.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/server',
      'packages/web',
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      // The rolling upgrade (README, Production) runs once a run, on PostgreSQL of its own, beside the server's
      // suites rather than in them: the server's files run twice, once per engine.
      {
        test: {
          name: 'upgrade',
          root: 'packages/server',
          include: ['test/upgrade/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
