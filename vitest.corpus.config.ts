import { defineConfig } from 'vitest/config';
import { testCacheFolder } from './test/helpers/test-cache.js';

// The tests that read ../shared: real configs by other people (../shared/corpus) and the reference
// schemas. CI lays shared/ beside the clone; npm test stays self-contained without it.
export default defineConfig({
  test: {
    include: ['test/**/*.shared.test.ts'],
    exclude: ['test/clients/**', '**/node_modules/**'],
    testTimeout: 120_000,
    pool: 'forks',
    // The V8 flags the CLI's launcher starts Node with (src/launch.cts NODE_FLAGS): tests that run the CLI
    // in-process run the engine as a user's sgconf does. test/cli/launch.test.ts keeps the lists equal.
    execArgv: ['--liftoff-only', '--wasm-lazy-validation', '--no-sparkplug', '--interrupt-budget=250000', '--experimental-wasm-compilation-hints', '--no-wasm-lazy-compilation'],
    env: { SGCONF_CACHE_DIR: testCacheFolder() },
  },
});
