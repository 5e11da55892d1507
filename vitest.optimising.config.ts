import { defineConfig } from 'vitest/config';
import { testCacheFolder } from './test/helpers/test-cache.js';

// The engine's own tests again, in a Node that optimises the engine's WebAssembly as it runs, as a large
// suite's does (src/launch.cts OPTIMISING_FLAGS), with V8's budget for that lowered so that a function is
// optimised soon after it first runs (--wasm-tiering-budget; V8 optimises on threads of its own, so no case
// pays for it in its CPU time, as a large suite's cases do not). `npm test` runs them as a small suite runs,
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
