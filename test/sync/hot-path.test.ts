// The engine's usual path (src/sync/hot-path.ts): the build runs it to find the functions V8 compiles as the
// module compiles. Its function must stay one the gateway runs as meant, else it reaches little.
import { describe, expect, it } from 'vitest';
import { compileEngineModule } from '../../src/sync/engine.js';
import { runHotPath } from '../../src/sync/hot-path.js';

describe('the engine\'s usual path', () => {
  it('runs its function through four writes as the gateway would: two accepted, a refusal, a deletion', async () => {
    const results = await runHotPath(await compileEngineModule());
    expect(results).not.toBeNull();
    expect(results!.map((r) => [r.outcome.kind, r.natives.rejection?.status ?? null, r.natives.denied])).toEqual([
      ['returned', null, false],
      ['returned', null, false],
      ['returned', 403, false],
      ['returned', null, false],
    ]);
    expect(results![0]!.natives.channels).toEqual(['orders-ann', 'totals']);
    // The archived order: the clerk changed its status (requireRole), and it expires.
    expect(results![1]!.natives.demands.roles).toEqual(['clerk']);
    expect(results![1]!.natives.expiry).toBe(30 * 24 * 60 * 60);
  });
});
