// Documents nested far deeper than any real one, given to dry-run: the same 512-level limit lint and test
// files have, said as misuse with the reason, never an internal error (docs/security.md).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-deep-'));
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel("x"); }' }));
  writeFileSync(path.join(dir, 'deep.json'), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000));
  writeFileSync(path.join(dir, 'flow.yaml'), '{a: '.repeat(3000) + '1' + '}'.repeat(3000));
  let block = 'x: 1';
  for (let i = 0; i < 600; i++) block = `k:\n${block.split('\n').map((line) => `  ${line}`).join('\n')}`;
  writeFileSync(path.join(dir, 'block.yaml'), block);
  writeFileSync(path.join(dir, 'ok.json'), '{"a":'.repeat(500) + '1' + '}'.repeat(500));
  return dir;
}

describe('dry-run with a document nested past 512 levels', () => {
  it.each([
    ['--doc, JSON', ['--doc', 'deep.json']],
    ['--doc, flow YAML', ['--doc', 'flow.yaml']],
    ['--doc, block YAML', ['--doc', 'block.yaml']],
    ['--old-doc', ['--doc', 'ok.json', '--old-doc', 'deep.json']],
    ['--doc - (standard input)', ['--doc', '-']],
  ])('%s: misuse that says so', async (_name, args) => {
    const dir = folder();
    const r = await runCli(['dry-run', 'db.json', ...args], { cwd: dir, stdin: readFileSync(path.join(dir, 'deep.json'), 'utf8') });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nests more than 512 levels deep');
    expect(r.stderr).not.toContain('internal error');
  });

  it('500 levels are read and run', async () => {
    const r = await runCli(['dry-run', 'db.json', '--doc', 'ok.json'], { cwd: folder() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).channels).toEqual(['x']);
  });
});
