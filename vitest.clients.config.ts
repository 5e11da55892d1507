import { defineConfig } from 'vitest/config';
import { testCacheFolder } from './test/helpers/test-cache.js';

// The clients users run against sgconf (pre-commit, npm): slower, and they need tools that .ci/run installs.
export default defineConfig({
  test: {
    include: ['test/clients/**/*.test.ts'],
    testTimeout: 600_000,
    pool: 'forks',
    // The V8 flags the CLI's launcher starts Node with (src/launch.cts NODE_FLAGS): tests that run the CLI
    // in-process run the engine as a user's sgconf does. test/cli/launch.test.ts keeps the lists equal.
    execArgv: ['--liftoff-only', '--wasm-lazy-validation', '--no-sparkplug', '--interrupt-budget=250000', '--experimental-wasm-compilation-hints', '--no-wasm-lazy-compilation'],
    env: { SGCONF_CACHE_DIR: testCacheFolder() },
  },
});
