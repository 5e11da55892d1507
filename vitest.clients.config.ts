import { defineConfig } from 'vitest/config';

// The clients users run against sgconf (pre-commit, npm): slower, and they need tools that .ci/run installs.
export default defineConfig({
  test: {
    include: ['test/clients/**/*.test.ts'],
    testTimeout: 600_000,
    pool: 'forks',
  },
});
