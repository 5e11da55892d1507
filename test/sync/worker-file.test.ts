// The sandbox workers run the build's one-file worker (dist/sgconf-worker.cjs), and it answers exactly as
// the ES modules of dist/sync do (which a tsc-only build, or SGCONF_NO_BUNDLE, runs instead).
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { SandboxPool, workerFile } from '../../src/sync/pool.js';
import { runRequests } from '../../src/sync/run.js';
import type { FunctionChoice } from '../../src/sync/select.js';

const saved = process.env.SGCONF_NO_BUNDLE;
afterEach(() => {
  if (saved === undefined) delete process.env.SGCONF_NO_BUNDLE;
  else process.env.SGCONF_NO_BUNDLE = saved;
});

async function answers(): Promise<unknown> {
  const pool = new SandboxPool(1);
  try {
    const choice: FunctionChoice = { collection: null, role: 'sync', source: 'function (doc, oldDoc) { if (!doc.owner) throw({forbidden: "no owner"}); requireUser(doc.owner); channel("o-" + doc.owner); expiry(60); }', isDefault: false };
    const ran = await runRequests(pool, choice, '4.1', 'write', [
      { doc: { owner: 'ann' }, user: { name: 'ann', roles: [], channels: [] } },
      { doc: { owner: 'ann' }, user: { name: 'bob', roles: [], channels: [] } },
      { doc: {} },
      { doc: { owner: 'ann', _rev: 'not-a-rev' } },
    ]);
    return ran;
  } finally {
    await pool.close();
  }
}

describe('the worker the sandbox pool starts', () => {
  it('is the one-file build when there is one, the ES modules with SGCONF_NO_BUNDLE', () => {
    delete process.env.SGCONF_NO_BUNDLE;
    expect(fileURLToPath(workerFile())).toMatch(/dist[\\/]sgconf-worker\.cjs$/);
    process.env.SGCONF_NO_BUNDLE = '1';
    expect(fileURLToPath(workerFile())).toMatch(/dist[\\/]sync[\\/]worker\.js$/);
  });

  it('answers the same either way', async () => {
    delete process.env.SGCONF_NO_BUNDLE;
    const bundled = await answers();
    process.env.SGCONF_NO_BUNDLE = '1';
    const modules = await answers();
    // What the function did, whichever file runs it (how long it took is no part of that).
    const done = (result: unknown) => { const r = result as { ok: boolean; outcomes?: unknown }; return r.ok ? r.outcomes : r; };
    expect(done(bundled)).toEqual(done(modules));
    expect(JSON.stringify(bundled)).toContain('o-ann');
  });
});
