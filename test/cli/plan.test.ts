import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');
const dir = mkdtempSync(path.join(tmpdir(), 'sgconf-plan-'));

function plan(cwd: string, ...args: string[]) {
  return runCli(['plan', ...args], { cwd });
}

describe('sgconf plan', () => {
  it('exits 1 and prints the diagnostics when the config has blocking errors', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{\n  "databases": {\n    "db": {\n      "server": "couchbases://cb",\n      "sever": "x"\n    }\n  }\n}\n');
    const md = await plan(dir, 'broken.json', '--from', '2.8', '--to', '3.0');
    expect(md.code).toBe(1);
    expect(md.stdout).toContain('No upgrade runbook for `broken.json`');
    expect(md.stdout).toContain('`/databases/db/sever` line 5');
    const json = await plan(dir, 'broken.json', '--from', '2.8', '--to', '3.0', '--format', 'json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ blocked: true, diagnostics: [{ pointer: '/databases/db/sever', severity: 'error' }] });
  });

  it('exits 1 for a file that does not parse or does not exist', async () => {
    writeFileSync(path.join(dir, 'syntax.json'), '{ "databases": { ');
    expect((await plan(dir, 'syntax.json', '--from', '2.8', '--to', '3.0')).code).toBe(1);
    const missing = await plan(dir, 'nope.json', '--from', '2.8', '--to', '3.0');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('cannot read the file: no such file or directory');
    writeFileSync(path.join(dir, 'binary.json'), Buffer.from([0x7b, 0x00, 0x7d]));
    const binary = await plan(dir, 'binary.json', '--from', '2.8', '--to', '3.0');
    expect(binary.code).toBe(1);
    expect(binary.stdout).toContain('this is a binary file (it contains NUL bytes), not a config');
  });

  it('exits 2 on misuse', async () => {
    const file = 'HodGreeley__Zebra-Inventory/sync-gateway.json';
    const unknown = await plan(corpus, file, '--from', '9.9', '--to', '3.0');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown version "9.9" for --from');
    expect((await plan(corpus, file, '--from', '3.0', '--to', '2.8')).code).toBe(2);
    expect((await plan(corpus, file, '--from', '3.0', '--to', '3.0.0')).code).toBe(2);
    expect((await plan(corpus, file, '--to', '3.0')).code).toBe(2);
    expect((await plan(corpus, file, '--from', '2.8', '--to', '3.0', '--format', 'html')).code).toBe(2);
    expect((await plan(corpus, '--from', '2.8', '--to', '3.0')).code).toBe(2);
    expect((await plan(corpus, file, '--from', '2.8', '--to', '3.0', '--bogus')).code).toBe(2);
    const help = await plan(corpus, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: sgconf plan');
  });

  it('takes every version lint takes, such as the 3.0.8.1 build', async () => {
    writeFileSync(path.join(dir, 'db.json'), '{"bucket": "b", "sync": "function (doc) { channel(doc.channels); }"}\n');
    const fourPart = await plan(dir, 'db.json', '--from', '3.0.8.1', '--to', '4.1.1', '--format', 'json');
    expect(fourPart.stderr).toBe('');
    expect(fourPart.code).not.toBe(2);
    expect(JSON.parse(fourPart.stdout)).toMatchObject({ from: '3.0.8.1', to: '4.1.1' });
  });
});
