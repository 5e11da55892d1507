import { defineConfig } from 'vitest/config';
import { testCacheFolder } from './test/helpers/test-cache.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/clients runs the real clients (pre-commit, npm): npm run test:clients, from .ci/run.
    // *.shared.test.ts read ../shared (the corpus, the reference schemas), which a clone of this repository
    // alone does not have: npm run test:corpus, from .ci/run.
    exclude: ['test/clients/**', 'test/**/*.shared.test.ts', '**/node_modules/**'],
    testTimeout: 30000,
    pool: 'forks',
    // The V8 flags the CLI's launcher starts Node with (src/launch.cts NODE_FLAGS): tests that run the CLI
    // in-process run the engine as a user's sgconf does. test/cli/launch.test.ts keeps the lists equal.
    execArgv: ['--liftoff-only', '--wasm-lazy-validation', '--no-sparkplug', '--interrupt-budget=250000', '--experimental-wasm-compilation-hints', '--no-wasm-lazy-compilation'],
    env: { SGCONF_CACHE_DIR: testCacheFolder() },
  },
});
