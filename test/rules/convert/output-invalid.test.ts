// convert/output-invalid: a converted output that would not lint clean is refused (src/convert/run.ts).
// No known input makes a correct conversion invalid, so an info rule is raised to error for the output check
// only (outputRules): the legacy input itself stays clean.
import { afterAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertFile } from '../../../src/convert/run.js';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-output-invalid-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));
const config = { databases: { db: { server: 'couchbases://cb1', enable_shared_bucket_access: true, replications: { r1: { replication_id: 'r1', remote: 'https://sg2.example.com:4984/db', direction: 'pull', max_backoff_time: 5, purge_on_removal: true } } } } };

async function convert(outputRules: Record<string, 'error' | 'off'>) {
  const file = path.join(dir, 'sg.json');
  await fs.writeFile(file, JSON.stringify(config));
  return convertFile(file, { cwd: dir, lint: { remote: false }, outputRules });
}

describe('convert/output-invalid', () => {
  it('an output with a lint error refuses the conversion', async () => {
    const outcome = await convert({ 'replication/purge-on-removal': 'error' });
    expect(outcome.ok).toBe(false);
    const found = outcome.result.diagnostics.find((d) => d.rule === 'convert/output-invalid');
    expect(found?.message).toContain('databases/db.json');
    // Placed at the field of the legacy database the output came from, not at the top of the file.
    const at = JSON.stringify(config).indexOf('"purge_on_removal":true') + '"purge_on_removal":'.length;
    expect(found).toMatchObject({ pointer: '/databases/db/replications/r1/purge_on_removal', line: 1, column: at + 1 });
  });
  it('clean outputs are written', async () => {
    const outcome = await convert({});
    expect(outcome.ok).toBe(true);
    expect(outcome.result.diagnostics.filter((d) => d.rule === 'convert/output-invalid')).toEqual([]);
  });
});
