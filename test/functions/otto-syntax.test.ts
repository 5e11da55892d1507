// otto's verdict on every function, as lint asks for it from the command line: the parser's thread starts
// on the first function the cache does not know, answers every function of the run (several at once), and
// never keeps the process alive; the cache then spares the next run the engine.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function lint(dir: string, cache: string) {
  return spawnSync(process.execPath, [path.join(ROOT, 'bin/sgconf.js'), 'lint', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 20_000, env: { ...process.env, SGCONF_CACHE_DIR: cache } });
}

describe('otto\'s parser from the command line', () => {
  it('answers several functions at once with a cold cache, exits, and the warm cache answers the same', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-otto-syntax-'));
    const cache = mkdtempSync(path.join(os.tmpdir(), 'sgconf-cache-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({
      name: 'db', bucket: 'b',
      sync: 'function (doc) {\n  if (/^[^]$/.test(doc.x)) channel("x");\n}',
      import_filter: 'function (doc) { return doc.n === 08; }',
    }));
    writeFileSync(path.join(dir, 'ok.json'), JSON.stringify({ name: 'ok', bucket: 'b', sync: 'function (doc) { channel(doc.c); }', import_filter: 'function (doc) { return true; }' }));
    const cold = lint(dir, cache);
    expect(cold.signal).toBeNull();
    expect(cold.status).toBe(1);
    const findings = (r: typeof cold) => (JSON.parse(r.stdout).results as { diagnostics: { rule: string; message: string; line: number; column: number }[] }[])
      .flatMap((f) => f.diagnostics.filter((d) => d.rule === 'functions/syntax-error').map((d) => `${d.line}:${d.column} ${d.message}`));
    expect(findings(cold)).toEqual([
      expect.stringMatching(/^1:\d+ inline sync function: Invalid regular expression: missing closing \]/),
      expect.stringMatching(/^1:\d+ inline import filter: Unexpected token ILLEGAL$/),
    ]);
    const stored = path.join(cache, 'otto-syntax-b87d35c.json');
    expect(existsSync(stored)).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(stored, 'utf8')))).toHaveLength(4);
    expect(findings(lint(dir, cache))).toEqual(findings(cold));
  });

  it('answers a function nested deeper than the main thread\'s stack allows (from the parser\'s thread)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-otto-syntax-'));
    const cache = mkdtempSync(path.join(os.tmpdir(), 'sgconf-cache-'));
    // otto's parser overflows the main thread's stack at about 10,000 branches of an `else if` chain.
    const chain = `if (doc.a) {}${' else if (doc.a) {}'.repeat(20_000)}`;
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({
      name: 'db', bucket: 'b',
      sync: `function (doc) { ${chain} }`,
      import_filter: `function (doc) { ${chain} return doc.n === 08; }`,
    }));
    const r = lint(dir, cache);
    expect(r.signal).toBeNull();
    const diagnostics = (JSON.parse(r.stdout).results as { diagnostics: { rule: string; message: string }[] }[]).flatMap((f) => f.diagnostics);
    expect(diagnostics.map((d) => `${d.rule} ${d.message}`)).toEqual(['functions/syntax-error inline import filter: Unexpected token ILLEGAL']);
  });

  it('answers a function the trimmed module cannot read as the whole module does, with the other functions of the run', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-otto-syntax-'));
    const cache = mkdtempSync(path.join(os.tmpdir(), 'sgconf-cache-'));
    // otto refuses a line separator (U+2028) in a string (acorn reads it) in a function the build's questions
    // never reached (test/engine/start-image.test.ts: the trimmed module traps there).
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({
      name: 'db', bucket: 'b',
      sync: 'function (doc) { channel("a\u2028b"); }',
      import_filter: 'function (doc) { return doc.n === 08; }',
    }));
    writeFileSync(path.join(dir, 'other.json'), JSON.stringify({ name: 'other', bucket: 'b', sync: 'function (doc) { channel(doc.c[0); }' }));
    const r = lint(dir, cache);
    expect(r.signal).toBeNull();
    const findings = (JSON.parse(r.stdout).results as { file: string; diagnostics: { rule: string; message: string }[] }[])
      .flatMap((f) => f.diagnostics.filter((d) => d.rule === 'functions/syntax-error').map((d) => `${f.file} ${d.message}`));
    expect(findings).toEqual(['db.json inline sync function: Unexpected token ILLEGAL', 'db.json inline import filter: Unexpected token ILLEGAL', 'other.json inline sync function: Unexpected token )']);
  });
});
