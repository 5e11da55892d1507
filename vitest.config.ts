import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/clients runs the real clients (pre-commit, npm): npm run test:clients, from .ci/run.
    exclude: ['test/clients/**', '**/node_modules/**'],
    testTimeout: 30000,
    pool: 'forks',
  },
});
