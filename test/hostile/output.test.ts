// Names and values in a pull request's files end up in sgconf's reports. In GitHub Actions a line of a
// job's output that starts with `::` is a workflow command, and ESC drives the terminal: no value from an
// input may start a line or carry a control character, in the default output of lint and test.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const INJECTION = '\n::warning file=x::pwned\u001b[2J\u0000\u2028';

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-output-'));
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel("x"); }', [`bogus${INJECTION}`]: 1 }));
  writeFileSync(path.join(dir, 'ok.json'), JSON.stringify({ name: 'ok', bucket: 'b', sync: 'function (doc) { channel("x"); }' }));
  writeFileSync(path.join(dir, 'ok.sgtest.json'), JSON.stringify({ config: 'ok.json', cases: [{ name: `evil${INJECTION}`, doc: {}, expect: { channels: ['y'] } }] }));
  return dir;
}

function expectInert(output: string): void {
  for (const line of output.split('\n')) expect(line.startsWith('::'), line).toBe(false);
  // eslint-disable-next-line no-control-regex
  expect(output).not.toMatch(/[\u0000\u001b\u2028]/);
}

describe('a name that would start a workflow command or drive the terminal', () => {
  it('lint prints it escaped, in the finding and its code frame', async () => {
    const r = await runCli(['lint', 'db.json'], { cwd: folder() });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('bogus\\n::warning file=x::pwned\\u001b[2J\\u0000\\u2028');
    expectInert(r.stdout);
  });

  it('sgconf test prints a case\'s name escaped', async () => {
    const r = await runCli(['test', 'ok.sgtest.json'], { cwd: folder() });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✗ evil\\n::warning file=x::pwned');
    expectInert(r.stdout);
  });
});
