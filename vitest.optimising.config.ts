import { defineConfig } from 'vitest/config';
import { testCacheFolder } from './test/helpers/test-cache.js';

// The engine's own tests again, in a Node that optimises the engine's WebAssembly as it runs, as a large
// suite's does (src/launch.cts OPTIMISING_FLAGS), with V8's budget for that lowered so that a function is
// optimised soon after it first runs (--wasm-tiering-budget). V8 compiles on threads of its own, but the
// first cases of a worker are slower under this budget than a user's run ever is (a case that builds a
// 4 MiB string: 0.5-1.0 s, against 23 ms with the baseline compiler alone and 50-120 ms with V8's own
// budget): a test that is not about time gives its cases a generous limit. `npm test` runs them as a small suite runs,
// by the baseline compiler alone (NODE_FLAGS): isolation, determinism, the CPU and memory limits and
// coverage must hold in both, by the same tests. npm run test:optimising, from .ci/run.
export default defineConfig({
  test: {
    include: ['test/sync/*.test.ts', 'test/sgtest/*.test.ts', 'test/hostile/coverage.test.ts', 'test/cli/sgtest.test.ts', 'test/cli/real-suite.test.ts'],
    exclude: ['test/**/*.shared.test.ts', '**/node_modules/**'],
    testTimeout: 120_000,
    pool: 'forks',
    execArgv: ['--wasm-tiering-budget=1000'],
    env: { SGCONF_CACHE_DIR: testCacheFolder() },
  },
});
