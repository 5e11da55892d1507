// The pool's warm-up (src/sync/warm-up.ts) compiles engine code on the pool's thread while the first worker
// starts. Its function must stay one the gateway runs as meant (else it warms little), and it must stop
// when the pool closes (else it holds a finished command).
import { describe, expect, it } from 'vitest';
import { compileEngineModule } from '../../src/sync/engine.js';
import { warmUpEngine } from '../../src/sync/warm-up.js';

describe('the engine warm-up', () => {
  it('runs its function through four writes as the gateway would: two accepted, a refusal, a deletion', async () => {
    const results = await warmUpEngine(await compileEngineModule());
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

  it('stops at its next step once told to (a closed pool), without an engine left running', async () => {
    let steps = 0;
    expect(await warmUpEngine(await compileEngineModule(), () => ++steps < 3)).toBeNull();
    expect(steps).toBe(3);
    expect(await warmUpEngine(await compileEngineModule(), () => false)).toBeNull();
  });
});
