import { defineConfig } from 'vitest/config';

// One run covers every package; each package keeps its own config next to its code.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/server',
      'packages/web',
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
