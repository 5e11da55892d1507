import { defineConfig } from 'vitest/config';
import { testCacheFolder } from './test/helpers/test-cache.js';

// The engine's own tests again, with V8 compiling the engine's WebAssembly by its optimising compiler only
// (--no-liftoff: every function optimised before it first runs). `npm test` runs them as a small suite runs,
// by the baseline compiler alone (src/launch.cts NODE_FLAGS); a large suite runs in a Node that optimises
// the hot functions as they run (OPTIMISING_FLAGS): isolation, determinism, the CPU and memory limits and
// coverage must hold there too, by the same tests. npm run test:optimising, from .ci/run.
export default defineConfig({
  test: {
    include: ['test/sync/*.test.ts', 'test/sgtest/*.test.ts', 'test/hostile/coverage.test.ts', 'test/cli/sgtest.test.ts', 'test/cli/real-suite.test.ts'],
    exclude: ['test/**/*.shared.test.ts', '**/node_modules/**'],
    testTimeout: 120_000,
    pool: 'forks',
    execArgv: ['--no-liftoff'],
    env: { SGCONF_CACHE_DIR: testCacheFolder() },
  },
});
