// A real editor against `sgconf lsp`: Debian's Neovim (installed by .ci/run), headless, with its built-in
// LSP client and a scripted session (neovim/session.lua). It opens a config in the gateway's dialect,
// gets the diagnostics at the places sgconf lint gives, applies the code action, and the saved file is
// what `sgconf lint --fix` writes.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { readmeRepository, writeFiles } from '../helpers/readme-repository';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'sgconf.js');

const CONFIG = [
  '{',
  '  "bucket": "orders",',
  '  "import_docs": "continuous",',
  '  "sync": `function (doc, oldDoc) {',
  '    if (doc.owner) { requireUser(doc.owner); }',
  '    channel("orders-" + doc.owner);',
  '  }`',
  '}',
  '',
].join('\n');

describe('Neovim with sgconf lsp', () => {
  it('shows the findings of a backtick config where lint puts them and applies the fix as --fix does', () => {
    const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
    expect(version.status, 'Neovim is needed (.ci/run installs it: apt-get install -y neovim)').toBe(0);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-nvim-'));
    const file = path.join(dir, 'db.json');
    const out = path.join(dir, 'session.json');
    writeFileSync(file, CONFIG);
    const lint = spawnSync(process.execPath, [BIN, 'lint', file, '--format', 'json'], { cwd: dir, encoding: 'utf8' });
    const expected = JSON.parse(lint.stdout).results[0].diagnostics as { rule: string; line: number; column: number }[];
    expect(expected.map((d) => d.rule)).toContain('upgrade/removed-key');

    const session = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${path.join(__dirname, 'neovim', 'session.lua')}`], {
      cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, SGCONF_BIN: BIN, SGCONF_FILE: file, SGCONF_OUT: out },
    });
    expect(session.status, session.stderr).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { arrived: boolean; diagnostics: { line: number; col: number; code: string }[]; actions: string[]; applied?: string };
    expect(result.arrived).toBe(true);
    // The same findings at the same places (Neovim counts lines and columns from 0, lint from 1).
    expect(result.diagnostics.map((d) => `${d.code} ${d.line + 1}:${d.col + 1}`).sort()).toEqual(expected.map((d) => `${d.rule} ${d.line}:${d.column}`).sort());
    expect(result.actions.some((title) => title.startsWith('Open the docs of'))).toBe(true);
    expect(result.applied).toMatch(/^Fix: /);

    // The saved file is what --fix writes from the same text.
    const fixedByEditor = readFileSync(file, 'utf8');
    const copy = path.join(dir, 'copy.json');
    writeFileSync(copy, CONFIG);
    spawnSync(process.execPath, [BIN, 'lint', copy, '--fix'], { cwd: dir, encoding: 'utf8' });
    expect(fixedByEditor).toBe(readFileSync(copy, 'utf8'));
    expect(fixedByEditor).toContain('"import_docs": true');
  });

  it("gives the README's repository lint's verdict, and shows a broken function file's mistake on that file", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-nvim-repo-'));
    execFileSync('git', ['init', '--quiet', dir]);
    const { files } = readmeRepository();
    writeFiles(dir, files);
    const config = path.join(dir, 'config', 'databases', 'orders.yaml');
    const session = (out: string, file = config) => {
      const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${path.join(__dirname, 'neovim', 'session.lua')}`], {
        cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, SGCONF_BIN: BIN, SGCONF_FILE: file, SGCONF_OUT: out, SGCONF_ROOT: dir, ...(file === config ? { SGCONF_CLEAN: '1' } : {}) },
      });
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(readFileSync(out, 'utf8')) as { arrived: boolean; diagnostics: { code: string }[]; elsewhere: { file: string; line: number; col: number; code: string }[] };
    };
    const lint = spawnSync(process.execPath, [BIN, 'lint', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
    expect(lint.status, lint.stdout).toBe(0);
    const clean = session(path.join(dir, 'clean.json'));
    expect(clean.arrived).toBe(true);
    expect(clean.diagnostics.map((d) => d.code).sort()).toEqual(JSON.parse(lint.stdout).results.find((r: { file: string }) => r.file === path.join('config', 'databases', 'orders.yaml')).diagnostics.map((d: { rule: string }) => d.rule).sort());
    expect(clean.elsewhere).toEqual([]);

    writeFiles(dir, { 'config/databases/orders-sync.js': files['config/databases/orders-sync.js']!.replace('requireUser(doc.owner);', 'requireUser(doc.owner;') });
    const broken = session(path.join(dir, 'broken.json'));
    expect(broken.arrived).toBe(true);
    expect(broken.elsewhere).toEqual([{ file: path.join(dir, 'config', 'databases', 'orders-sync.js'), line: 1, col: 23, code: 'functions/syntax-error' }]);
    // The function file opened by itself shows the same mistake, through the config that names it.
    const alone = session(path.join(dir, 'alone.json'), path.join(dir, 'config', 'databases', 'orders-sync.js'));
    expect(alone.arrived).toBe(true);
    expect(alone.diagnostics.map((d) => `${d.code} ${(d as unknown as { line: number }).line}:${(d as unknown as { col: number }).col}`)).toEqual(['functions/syntax-error 1:23']);
  });
});
