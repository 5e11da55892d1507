// Runs test files through sgconf test's runner on a real file system: the findings of a table's cases.
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll } from 'vitest';
import { SandboxPool } from '../../../src/sync/pool.js';
import { runTestFile, type TestFileResult } from '../../../src/sgtest/run.js';
import type { Finding } from '../../helpers/rule-tester.js';

const pool = new SandboxPool(1);
afterAll(() => pool.close());

export const ORDERS_DB = { name: 'orders', bucket: 'orders', sync: 'function(doc) { requireUser(doc.owner); channel("o-" + doc.owner); }' };

/** Writes `files` (name -> text or JSON value) to a fresh folder and runs the test file `main` there. */
export async function runInFolder(files: Record<string, unknown>, main = 't.sgtest.yaml'): Promise<TestFileResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return runTestFile(main, { cwd: dir, target: '4.1', targetFromCommandLine: false, env: {}, remote: false }, pool);
}

export function findingsOf(rule: string) {
  return async (c: { config: unknown }): Promise<Finding[]> => {
    const files = c.config as Record<string, unknown>;
    const result = await runInFolder(files, Object.keys(files).find((name) => /\.sgtest\./.test(name)));
    return result.diagnostics.filter((d) => d.rule === rule);
  };
}
