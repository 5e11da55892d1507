// otto's verdict on every function, as lint asks for it from the command line: otto's parser starts on the
// first function the cache does not know (its trimmed module; the whole one for what that cannot read; a
// thread for what the main thread's stack cannot), answers every function of the run (several at once), and
// never keeps the process alive; the cache then spares the next run the engine.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function lint(dir: string, cache: string) {
  return spawnSync(process.execPath, [path.join(ROOT, 'bin/sgconf.js'), 'lint', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 20_000, env: { ...process.env, SGCONF_CACHE_DIR: cache } });
}

/** A new folder holding `configs` (file name: config), and a new cache folder. */
function project(configs: Record<string, object>): { dir: string; cache: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-otto-syntax-'));
  for (const [name, config] of Object.entries(configs)) writeFileSync(path.join(dir, name), JSON.stringify(config));
  return { dir, cache: mkdtempSync(path.join(os.tmpdir(), 'sgconf-cache-')) };
}

/** A lint's findings of functions/syntax-error, as "file line:column message". */
function syntaxErrors(r: ReturnType<typeof lint>): string[] {
  expect(r.signal).toBeNull();
  return (JSON.parse(r.stdout).results as { file: string; diagnostics: { rule: string; message: string; line: number; column: number }[] }[])
    .flatMap((f) => f.diagnostics.filter((d) => d.rule === 'functions/syntax-error').map((d) => `${f.file} ${d.line}:${d.column} ${d.message}`));
}

describe('otto\'s parser from the command line', () => {
  it('answers several functions at once with a cold cache, exits, and the warm cache answers the same', () => {
    const { dir, cache } = project({
      'db.json': { name: 'db', bucket: 'b', sync: 'function (doc) {\n  if (/^[^]$/.test(doc.x)) channel("x");\n}', import_filter: 'function (doc) { return doc.n === 08; }' },
      'ok.json': { name: 'ok', bucket: 'b', sync: 'function (doc) { channel(doc.c); }', import_filter: 'function (doc) { return true; }' },
    });
    const cold = lint(dir, cache);
    expect(cold.status).toBe(1);
    expect(syntaxErrors(cold)).toEqual([
      expect.stringMatching(/^db\.json 1:\d+ inline sync function: Invalid regular expression: missing closing \]/),
      expect.stringMatching(/^db\.json 1:\d+ inline import filter: Unexpected token ILLEGAL$/),
    ]);
    const stored = path.join(cache, 'otto-syntax-b87d35c.json');
    expect(existsSync(stored)).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(stored, 'utf8')).verdicts)).toHaveLength(4);
    expect(syntaxErrors(lint(dir, cache))).toEqual(syntaxErrors(cold));
  });

  it('trusts a cached verdict only for the text it was given, from this build of the parser, in a cache of sgconf\'s size and form', () => {
    // What a pull request would need on a runner whose cache outlives it: a verdict "otto reads it" stored
    // for a function otto refuses. The key is SHA-256 of the text; here the cache is written as if it had.
    const refused = 'function (doc) { if (/^[^]$/.test(doc.x)) channel("x"); }';
    const { dir, cache } = project({ 'db.json': { name: 'db', bucket: 'b', sync: refused } });
    const stored = path.join(cache, 'otto-syntax-b87d35c.json');
    const { size, mtimeMs } = statSync(path.join(ROOT, 'engine', 'wasm', 'parser-b87d35c.wasm'));
    const parser = `${size}-${Math.trunc(mtimeMs)}`;
    const key = createHash('sha256').update(refused, 'utf16le').digest('hex');
    const forged = (file: object) => {
      writeFileSync(stored, JSON.stringify(file));
      return syntaxErrors(lint(dir, cache)).length;
    };
    // The control: a cache of this parser that says so is believed (that is what a cache is for).
    expect(forged({ format: 2, parser, verdicts: { [key]: null } })).toBe(0);
    // Another build of the parser (an older sgconf, another Go), the old format, a wrong shape, too large.
    expect(forged({ format: 2, parser: `${size + 1}-${Math.trunc(mtimeMs)}`, verdicts: { [key]: null } })).toBe(1);
    expect(forged({ [key]: null })).toBe(1);
    expect(forged({ format: 2, parser, verdicts: { [key]: { message: 'x'.repeat(301), line: 1, column: 1 } } })).toBe(1);
    expect(forged({ format: 2, parser, verdicts: { [key.toUpperCase()]: null } })).toBe(1);
    const padding = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [createHash('sha256').update(String(i)).digest('hex'), null]));
    expect(forged({ format: 2, parser, verdicts: { ...padding, [key]: null } })).toBe(1);
    // The refused run wrote back a cache of its own size: the verdict, no padding.
    expect(statSync(stored).size).toBeLessThan(1000);
  });

  it('gives each of two functions that collided under the cache\'s old digest otto\'s own verdict, the refused one linted after the accepted one', () => {
    // The attack on a runner whose cache outlives its jobs: pull request 1 lints the first, pull request 2
    // the second, which the old key made a cache hit ("otto reads it") and so a green gate.
    const { accepted, refused } = JSON.parse(readFileSync(path.join(__dirname, 'cases', 'digest-collision.json'), 'utf8')) as { accepted: string; refused: string };
    const first = project({ 'db.json': { name: 'db', bucket: 'b', sync: accepted } });
    expect(lint(first.dir, first.cache).status).toBe(0);
    const second = project({ 'db.json': { name: 'db', bucket: 'b', sync: refused } });
    const r = lint(second.dir, first.cache);
    expect(r.status).toBe(1);
    expect(syntaxErrors(r)).toEqual([expect.stringMatching(/^db\.json 1:\d+ inline sync function: Invalid regular expression: missing closing \]/)]);
  });

  it('removes the temporary cache files of processes killed while writing, once they are old, and keeps the others', () => {
    const { dir, cache } = project({ 'db.json': { name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.owner); }' } });
    const abandoned = path.join(cache, 'otto-syntax-b87d35c.json.4242.tmp');
    const recent = path.join(cache, 'otto-syntax-b87d35c.json.4343.tmp');
    const other = path.join(cache, 'notes.4242.tmp');
    for (const file of [abandoned, recent, other]) writeFileSync(file, '{"half');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(abandoned, hourAgo, hourAgo);
    utimesSync(other, hourAgo, hourAgo);
    expect(lint(dir, cache).status).toBe(0);
    expect(readdirSync(cache).sort()).toEqual(['notes.4242.tmp', 'otto-syntax-b87d35c.json', 'otto-syntax-b87d35c.json.4343.tmp']);
  });

  it('answers a function nested deeper than the main thread\'s stack allows (from the parser\'s thread)', () => {
    // otto's parser overflows the main thread's stack at about 10,000 branches of an `else if` chain.
    const chain = `if (doc.a) {}${' else if (doc.a) {}'.repeat(20_000)}`;
    const { dir, cache } = project({ 'db.json': { name: 'db', bucket: 'b', sync: `function (doc) { ${chain} }`, import_filter: `function (doc) { ${chain} return doc.n === 08; }` } });
    const r = lint(dir, cache);
    const diagnostics = (JSON.parse(r.stdout).results as { diagnostics: { rule: string; message: string }[] }[]).flatMap((f) => f.diagnostics);
    expect(diagnostics.map((d) => `${d.rule} ${d.message}`)).toEqual(['functions/syntax-error inline import filter: Unexpected token ILLEGAL']);
    expect(syntaxErrors(r)).toHaveLength(1);
  });

  it('answers a function the trimmed module cannot read as the whole module does, with the other functions of the run', () => {
    // otto refuses a line separator (U+2028) in a string (acorn reads it) in a function the build's questions
    // never reached (test/engine/start-image.test.ts: the trimmed module traps there).
    const { dir, cache } = project({
      'db.json': { name: 'db', bucket: 'b', sync: 'function (doc) { channel("a\u2028b"); }', import_filter: 'function (doc) { return doc.n === 08; }' },
      'other.json': { name: 'other', bucket: 'b', sync: 'function (doc) { channel(doc.c[0); }' },
    });
    expect(syntaxErrors(lint(dir, cache)).map((finding) => finding.replace(/ \d+:\d+ /, ' '))).toEqual([
      'db.json inline sync function: Unexpected token ILLEGAL',
      'db.json inline import filter: Unexpected token ILLEGAL',
      'other.json inline sync function: Unexpected token )',
    ]);
  });
});
