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

/** A legacy config whose database, user and key names carry the injection, for plan, convert and dry-run. */
function legacyFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-output-legacy-'));
  const db = `db${INJECTION}`;
  writeFileSync(path.join(dir, 'sg.json'), JSON.stringify({
    databases: { [db]: { server: 'couchbases://cb.example.com', bucket: 'b', enable_shared_bucket_access: true,
      sync: 'function (doc) { channel(doc.c); }', users: { [`ann${INJECTION}`]: { password: 'pw12345', admin_channels: [`ch${INJECTION}`] } }, [`bogus${INJECTION}`]: true } },
  }));
  writeFileSync(path.join(dir, 'doc.json'), JSON.stringify({ c: `c${INJECTION}` }));
  return dir;
}

/** No line that the injection starts, and no control character, in any output (github's own lines aside). */
function expectNoInjectedLine(output: string): void {
  for (const line of output.split(/\r?\n/)) expect(line.startsWith('::warning file=x::pwned'), line).toBe(false);
  // eslint-disable-next-line no-control-regex
  expect(output).not.toMatch(/[\u0000\u001b\u2028]/);
}

describe('every format of every command', () => {
  it.each([
    ['lint', ['lint', 'db.json'], ['stylish', 'json', 'sarif', 'github']],
    ['test', ['test', 'ok.sgtest.json'], ['stylish', 'json', 'junit', 'github']],
  ] as const)('%s', async (_name, args, formats) => {
    const dir = folder();
    for (const format of formats) {
      const r = await runCli([...args, '--format', format], { cwd: dir });
      expect(r.code, format).toBe(1);
      expectNoInjectedLine(r.stdout + r.stderr);
    }
  });

  it('plan (markdown and json), convert --dry-run (stylish and json) and dry-run', async () => {
    const dir = legacyFolder();
    const runs = [
      ['plan', 'sg.json', '--from', '2.8', '--to', '4.1'],
      ['plan', 'sg.json', '--from', '2.8', '--to', '4.1', '--format', 'json'],
      ['convert', 'sg.json', '--dry-run'],
      ['convert', 'sg.json', '--dry-run', '--format', 'json'],
      ['dry-run', 'sg.json', '--doc', 'doc.json', '--db', `db${INJECTION}`],
      ['dry-run', 'sg.json', '--doc', 'doc.json', '--db', 'nope'],
    ];
    for (const args of runs) {
      const r = await runCli(args, { cwd: dir });
      expect(r.stdout + r.stderr, args.join(' ')).not.toBe('');
      expectNoInjectedLine(r.stdout + r.stderr);
    }
  });
});

describe('a file name with a bidirectional control (U+202E, "Trojan Source")', () => {
  it.each(['stylish', 'github', 'junit', 'gitlab', 'json', 'sarif'])('%s prints it escaped, never raw', async (format) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-bidi-'));
    // Reads as "db-nosj.json" reversed after the control: a name that shows as another.
    const name = 'db-\u202enosj.yaml.json';
    writeFileSync(path.join(dir, name), JSON.stringify({ name: 'db', bucket: 'b', revs_limit: 'twenty' }));
    const r = await runCli(['lint', name, '--format', format], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(r.stdout).toMatch(/db-(\\u202e|&#8238;|%E2%80%AE)nosj/);
  });
});

describe('a usage error that quotes the repository', () => {
  it('prints it on one line, no control character raw', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-usage-'));
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ envFiles: [`missing${INJECTION}.env`] }));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b' }));
    const r = await runCli(['lint', 'db.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing\\n::warning file=x::pwned\\u001b[2J\\u0000\\u2028.env');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expectInert(r.stderr);
  });
});
