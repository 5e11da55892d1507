// Every sync function and import filter in the corpus (real configs by other people) runs in the sandbox
// without a crash of sgconf: each request ends in an answer (a rejection and an exception are answers).
import { afterAll, describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { analyzeFile } from '../../src/files.js';
import { databaseEntries } from '../../src/document/databases.js';
import { selectFunction } from '../../src/sync/select.js';
import { SandboxPool } from '../../src/sync/pool.js';
import { runRequests } from '../../src/sync/run.js';
import { CORPUS_REQUESTS, corpusDatabaseConfigs, corpusDir } from '../functions/harness.js';

const pool = new SandboxPool();
afterAll(() => pool.close());

const files = corpusDatabaseConfigs();

describe('corpus sync functions and import filters run', () => {
  it('every database of every corpus config: each request ends in an answer, the same whatever ran before it', async () => {
    let functions = 0;
    for (const file of files) {
      const analyzed = await analyzeFile(path.join(corpusDir, file), { cwd: corpusDir, env: {}, remote: false, target: '2.8' });
      for (const entry of analyzed.kind ? databaseEntries(analyzed.kind, analyzed.document) : []) {
        for (const role of ['sync', 'import_filter'] as const) {
          const selection = selectFunction(analyzed, { role, ...(entry.name !== undefined ? { database: entry.name } : {}) });
          if (!selection.ok || selection.choice.isDefault) continue;
          functions++;
          const ran = await runRequests(pool, selection.choice, '2.8', 'write', CORPUS_REQUESTS);
          // A function that does not compile is the config's own problem (lint reports it); sgconf says so in
          // otto's words (a parse error names its line and column).
          if (!ran.ok) { expect(ran.message, `${file} ${entry.name} ${role}`).toMatch(/Error|function|^\(anonymous\): Line \d+:\d+ /); continue; }
          expect(ran.outcomes, `${file} ${entry.name} ${role}`).toHaveLength(CORPUS_REQUESTS.length);
          for (const outcome of ran.outcomes) expect(['sync', 'import', 'refused']).toContain(outcome.kind);
          // In the other order, each request answers as before: every run starts from the same state.
          const reversed = await runRequests(pool, selection.choice, '2.8', 'write', [...CORPUS_REQUESTS].reverse());
          expect(reversed.ok && [...reversed.outcomes].reverse(), `${file} ${entry.name} ${role}`).toEqual(ran.outcomes);
        }
      }
    }
    expect(functions).toBeGreaterThan(50);
  }, 120_000);
});
