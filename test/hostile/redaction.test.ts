// Credentials in a config are masked by their value wherever a report would show them: in code frames
// (whichever line or YAML block holds them, in arrays, under a misspelt key), in messages and in the
// context lines of --fix-dry-run's diff (docs/security.md).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const SECRETS = ['nextLineSecret42', 'blockScalarSecret77', 'arraySecretOne1', 'arraySecretTwo2', 'misspeltSecret55'];

const YAML = `databases:
  db:
    server: couchbases://cb.example.com
    bucket: b
    enable_shared_bucket_access: true
    password:
      nextLineSecret42
    bogus_after_next_line: 1
    users:
      ann:
        password: |
          blockScalarSecret77
        bogus_after_block: 1
      bob:
        pasword: misspeltSecret55
        password: [arraySecretOne1, arraySecretTwo2]
        bogus_after_array: 1
`;

const JSON_TEXT = `{
  "databases": {
    "db": {
      "server": "couchbases://cb.example.com",
      "bucket": "b",
      "enable_shared_bucket_access": true,
      "password":
        "nextLineSecret42",
      "import_docs": "continuous",
      "users": {"bob": {"pasword": "misspeltSecret55", "password": ["arraySecretOne1", "arraySecretTwo2"]}}
    }
  }
}
`;

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-redaction-'));
  writeFileSync(path.join(dir, 'sg.yaml'), YAML);
  writeFileSync(path.join(dir, 'sg.json'), JSON_TEXT);
  return dir;
}

function expectMasked(output: string): void {
  for (const secret of SECRETS) expect(output).not.toContain(secret);
}

describe('credentials masked by value', () => {
  it('lint, every format: code frames of the lines around them, messages, details', async () => {
    const dir = folder();
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      for (const file of ['sg.yaml', 'sg.json']) {
        const r = await runCli(['lint', file, '--format', format], { cwd: dir });
        expect(r.stdout).toContain(file === 'sg.yaml' ? 'bogus' : 'pasword');
        expectMasked(r.stdout + r.stderr);
      }
    }
    // The frames are there, with the values masked.
    const stylish = await runCli(['lint', 'sg.yaml'], { cwd: dir });
    expect(stylish.stdout).toMatch(/\|\s+\*\*\*\*\n/);
  });

  it('--fix-dry-run: the diff\'s context lines', async () => {
    const dir = folder();
    const r = await runCli(['lint', 'sg.json', '--fix-dry-run'], { cwd: dir });
    expect(r.stdout).toContain('+      "import_docs": true,');
    expect(r.stdout).toContain('"password":');
    expectMasked(r.stdout);
  });

  // The same table of shapes through every command that quotes a config: each reads the file its own way
  // and builds its own results, and the masking (secrets.ts, by the printed text) serves them all.
  it.each([
    ['dry-run', ['dry-run', 'sg.yaml', '--doc', 'doc.json'], true],
    ['test', ['test'], false],
    ['plan', ['plan', 'sg.yaml', '--from', '2.8', '--to', '4.1'], false],
    ['convert --dry-run', ['convert', 'sg.yaml', '--out', 'out', '--dry-run'], true],
    ['convert', ['convert', 'sg.yaml', '--out', 'out'], true],
    ['build', ['build', 'bootstrap.yaml', '--out', 'deploy'], true],
  ])('%s: masked in its code frames and messages', async (_name, args, frames) => {
    const dir = folder();
    writeFileSync(path.join(dir, 'doc.json'), '{"x": 1}');
    writeFileSync(path.join(dir, 'sg.sgtest.json'), JSON.stringify({ config: 'sg.yaml', cases: [{ name: 'a', doc: { x: 1 }, expect: { channels: [] } }] }));
    writeFileSync(path.join(dir, 'bootstrap.yaml'), 'bootstrap:\n  server: couchbases://cb.example.com\n  username: admin\n  password:\n    nextLineSecret42\n  bogus_after_next_line: 1\n');
    const r = await runCli(args as string[], { cwd: dir });
    expect(r.code).toBe(1);
    expectMasked(r.stdout + r.stderr);
    if (frames) expect(r.stdout + r.stderr).toMatch(/\|\s+\*\*\*\*\n/);
  });
});
