// Folder walks as users lay configs out: symbolic links (the Kubernetes ConfigMap layout), files that are
// not UTF-8, and a walk that finds nothing to check.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main.js';

async function lint(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['lint', ...args], { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd, env: {}, isTTY: false });
  return { code, stdout, stderr };
}

const DB = JSON.stringify({ name: 'db', bucket: 'b', revs_limt: 1 });

describe('folder walks', () => {
  it('follow symbolic links to files and folders (a ConfigMap mount), and survive a link loop', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-walk-'));
    const data = path.join(dir, 'config', '..2026_11_24_01_02_03.123');
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'db.json'), DB);
    symlinkSync('..2026_11_24_01_02_03.123', path.join(dir, 'config', '..data'));
    symlinkSync('..data/db.json', path.join(dir, 'config', 'db.json'));
    symlinkSync('..', path.join(dir, 'config', 'loop'));
    const r = await lint(['config', '--format', 'json'], dir);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual([path.join('config', 'db.json')]);
    expect(r.code).toBe(1);
  });

  it('read a file reached twice (through a link to it and through a folder link) once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-walk-'));
    mkdirSync(path.join(dir, 'config'));
    mkdirSync(path.join(dir, 'shared'));
    writeFileSync(path.join(dir, 'shared', 'db.json'), DB);
    symlinkSync('../shared/db.json', path.join(dir, 'config', 'db.json'));
    symlinkSync('..', path.join(dir, 'config', 'up'));
    const r = await lint(['config', '--format', 'json'], dir);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual([path.join('config', 'db.json')]);
  });

  it('report a .json file that is not UTF-8 (UTF-16, Latin-1) instead of skipping it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-walk-'));
    writeFileSync(path.join(dir, 'utf16.json'), Buffer.from('\ufeff' + DB, 'utf16le'));
    writeFileSync(path.join(dir, 'latin1.json'), Buffer.from('{"name": "db", "bucket": "caf\u00e9"}', 'latin1'));
    const r = await lint(['.', '--format', 'json'], dir);
    const results = JSON.parse(r.stdout).results;
    expect(results.map((x: { file: string }) => x.file).sort()).toEqual(['latin1.json', 'utf16.json']);
    for (const x of results) expect(x.diagnostics[0].rule).toBe('source/unreadable');
    expect(r.code).toBe(1);
  });

  it('a walk that finds no config is misuse (exit 2) and says so', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-walk-'));
    writeFileSync(path.join(dir, 'package.json'), '{"name": "x"}');
    writeFileSync(path.join(dir, 'notes.txt'), 'nothing');
    const r = await lint(['.'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no gateway config found in .');
  });

  it('each named folder that holds no config is misuse, even when another path found configs (as ESLint does)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-walk-'));
    mkdirSync(path.join(dir, 'configs'));
    mkdirSync(path.join(dir, 'confgis'));
    writeFileSync(path.join(dir, 'configs', 'db.json'), DB);
    writeFileSync(path.join(dir, 'confgis', 'package.json'), '{"name": "x"}');
    const r = await lint(['configs', 'confgis'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sgconf lint: no gateway config found in confgis \(/);
    expect((await lint(['configs', path.join('configs', 'db.json')], dir)).code).toBe(1);
  });

  it('a config with mostly misspelt keys is checked (with "did you mean"), other JSON and YAML is skipped', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-walk-'));
    writeFileSync(path.join(dir, 'sync_gateway.json'), JSON.stringify({ databses: { db: { server: 'couchbases://cb' } }, intreface: ':4984', adminInterface: '127.0.0.1:4985' }));
    writeFileSync(path.join(dir, 'workflow.yaml'), 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n');
    writeFileSync(path.join(dir, 'app.json'), JSON.stringify({ title: 'My app', version: 3, features: ['a'] }));
    const r = await lint(['.', '--format', 'json'], dir);
    const results = JSON.parse(r.stdout).results;
    expect(results.map((x: { file: string }) => x.file)).toEqual(['sync_gateway.json']);
    const messages = results[0].diagnostics.map((d: { message: string }) => d.message).join('\n');
    expect(messages).toContain('did you mean "databases"');
    expect(messages).toContain('did you mean "interface"');
    expect(r.code).toBe(1);
  });

  it('a CI workflow whose shell lines and expressions hold "$" is skipped too (the README\'s examples folder has one)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-walk-'));
    writeFileSync(path.join(dir, 'db.json'), DB);
    writeFileSync(path.join(dir, 'ci.yml'), 'name: ci\non: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - env:\n          BASE: ${{ github.sha }}\n        run: git fetch origin "$BASE"\n');
    const r = await lint(['.', '--format', 'json'], dir);
    expect(JSON.parse(r.stdout).results.map((x: { file: string }) => x.file)).toEqual(['db.json']);
    // Named on its own it is no folder search: it is judged, and its undefined variables are errors.
    expect((await lint(['ci.yml'], dir)).code).toBe(1);
  });
});
