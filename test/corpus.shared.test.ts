// Every real-world config of ../shared/corpus is read without a crash, gives a JSON report with
// positions inside the file, and is recognised as the kind the manifest gives (when it parses).
import { describe, expect, it } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { lintPaths } from '../src/files.js';
import { lintText } from '../src/lint.js';
import { fixText } from '../src/fix/run.js';
import type { Diagnostic, FileResult } from '../src/types.js';
import { judgedLength, MESSAGE_LIMIT, splitMessage } from '../src/messages.js';

const CORPUS = path.resolve(__dirname, '../../shared/corpus');

interface Entry { file: string; kind: string; notes: string }
// npm run test:corpus: the corpus is beside the repository (CI lays it there); without it this fails.
const manifest: Entry[] = readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => {
  const [file, , , , kind, notes] = line.split('\t');
  return { file: file!, kind: kind!, notes: notes ?? '' };
});

/**
 * Files whose findings were read by hand and agreed with (rule ids expected among the findings).
 * Each entry: why a person reading the file agrees.
 */
const REVIEWED: Record<string, { expect: string[]; why: string }> = {
  'couchbaselabs__InventorySales/sg-config-forest.json': { expect: ['schema/unknown-field'], why: '"serverX" is a disabled copy of "server"; 3.x refuses unknown keys' },
  'rostcom__cbl-is-test/sync-gateway-config.json': { expect: ['schema/invalid-name'], why: 'database name "ISTest" has upper-case letters, which the gateway rejects' },
  'couchbase__sync_gateway/1.0.0/examples__all_logs_config.json': { expect: ['source/syntax'], why: 'a trailing comma: not JSON' },
  'amrishraje__CouchbaseQuickstart/sync_gateway.json': { expect: ['source/undefined-variable'], why: 'JavaScript uses "$Channels" unescaped: 3.x expands it as an environment variable' },
  'waynecarter__digital-display/sync-gateway-config.json': { expect: ['functions/not-a-function'], why: 'the sync function is followed by a ";" inside the string: not a single function expression' },
  'AparupaBanerjee__ResilientBaggageOperationsApp/sync-gateway-config.json': { expect: ['source/undefined-variable'], why: 'bootstrap credentials come from $COUCHBASE_USERNAME/$COUCHBASE_PASSWORD, undefined in this test environment' },
  'biozal__couchbase-environment/sync-gateway__backup.json': { expect: ['source/syntax'], why: 'a bootstrap config\'s members written without the braces of their object: the gateway cannot decode it' },
  'couchbase__sync_gateway/2.8.0/examples__democlusterconfig.json': { expect: ['logging/log-keys'], why: 'the gateway\'s own example asks for the log keys "REST" and "SSL", which no release from 2.8 knows' },
  'couchbaselabs__CouchChat-iOS/sync-gateway-config.json': { expect: ['schema/unknown-field'], why: '"persona" login was removed long before 3.x; 3.x refuses the key' },
};

describe('real-world corpus', () => {
  let results: Map<string, FileResult>;

  it('reads every manifest file without a crash and reports positions inside the file', async () => {
    const report = await lintPaths(manifest.map((e) => e.file), { cwd: CORPUS, remote: false, env: {} });
    results = new Map(report.results.map((r) => [r.file, r]));
    expect(report.results).toHaveLength(manifest.length);
    // The report is one JSON document (the json format is exactly this object).
    expect(() => JSON.parse(JSON.stringify(report))).not.toThrow();
    for (const entry of manifest) {
      const result = results.get(entry.file)!;
      const text = readFileSync(path.join(CORPUS, entry.file), 'utf8');
      const lineCount = text.split(/\r\n|\r|\n/).length;
      for (const d of result.diagnostics) {
        expect(d.message, `${entry.file}: ${d.rule}`).not.toMatch(/internal error/);
        if (d.file) continue;
        expect(d.line, `${entry.file} ${d.rule} line`).toBeGreaterThanOrEqual(1);
        expect(d.line, `${entry.file} ${d.rule} line`).toBeLessThanOrEqual(lineCount);
        expect(d.endLine).toBeGreaterThanOrEqual(d.line);
        expect(d.column).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('detects the manifest kind of every file that parses', () => {
    for (const entry of manifest.filter((e) => ['legacy', 'bootstrap', 'database'].includes(e.kind))) {
      const result = results.get(entry.file)!;
      if (result.diagnostics.some((d) => d.rule === 'source/syntax')) continue;
      expect(result.kind, entry.file).toBe(entry.kind);
    }
  });

  it('gives the findings we reviewed by hand', () => {
    for (const [file, review] of Object.entries(REVIEWED)) {
      const rules = results.get(file)!.diagnostics.map((d) => d.rule);
      for (const id of review.expect) expect(rules, `${file}: ${review.why}`).toContain(id);
    }
  });

  it('names the placeholder of every Jinja template that is no JSON as written', () => {
    const templates = manifest.filter((e) => /invalid JSON as-is.*Jinja/.test(e.notes));
    expect(templates.length).toBeGreaterThan(0);
    for (const entry of templates) {
      const syntax = results.get(entry.file)!.diagnostics.filter((d) => d.rule === 'source/syntax');
      expect(syntax.map((d) => d.message), entry.file).toEqual([expect.stringMatching(/^invalid JSON: "\{[{%].*[}%]\}" is a template placeholder: lint the config that the template renders$/)]);
    }
  });

  it('never prints a password from the corpus', () => {
    for (const entry of manifest) {
      const text = readFileSync(path.join(CORPUS, entry.file), 'utf8');
      const passwords = [...text.matchAll(/"password"\s*:\s*"([^"$]{4,})"/gi)].map((m) => m[1]!).filter((p) => !['password', 'pass'].includes(p.toLowerCase()));
      const messages = results.get(entry.file)!.diagnostics.map((d) => d.message).join('\n');
      for (const p of passwords) expect(messages.includes(p), `${entry.file} leaks a password`).toBe(false);
    }
  });

  it('says what is wrong in one short sentence, and the rest in the detail', () => {
    const messages = [...results.values()].flatMap((r) => r.diagnostics.map((d) => d.message));
    const lengths = messages.map((m) => m.length).sort((a, b) => a - b);
    expect(lengths.length).toBeGreaterThan(300);
    expect(lengths[Math.floor(lengths.length / 2)]).toBeLessThanOrEqual(MESSAGE_LIMIT);
    const long = messages.filter((m) => judgedLength(m) > MESSAGE_LIMIT);
    expect(long).toEqual([]);
    expect(messages.filter((m) => splitMessage(m).detail !== undefined)).toEqual([]);
    expect(messages.filter((m) => /(?<!\.)\.$/.test(m))).toEqual([]);
  });

  it('never gains an error under --fix (a file that did not parse reads further), and every fix is final (a second run changes nothing)', async () => {
    let fixedFiles = 0;
    for (const entry of manifest) {
      const before = results.get(entry.file);
      if (!before || !before.diagnostics.some((d) => d.fix)) continue;
      const text = readFileSync(path.join(CORPUS, entry.file), 'utf8');
      const options = { cwd: CORPUS, remote: false, env: {} };
      const outcome = await fixText(text, entry.file, options);
      if (outcome.fixed === 0) continue;
      fixedFiles++;
      const after = await lintText(outcome.text, entry.file, options);
      const errors = (ds: readonly { severity: string }[]) => ds.filter((d) => d.severity === 'error').length;
      const syntax = (ds: readonly Diagnostic[]) => ds.find((d) => d.rule === 'source/syntax');
      const unreadable = syntax(before.diagnostics);
      if (unreadable) {
        // Its other errors were hidden behind the syntax error: the comma fixes make it read past that place.
        const still = syntax(after.diagnostics);
        if (still) expect(still.line * 1e6 + still.column, entry.file).toBeGreaterThan(unreadable.line * 1e6 + unreadable.column);
      } else {
        expect(errors(after.diagnostics), entry.file).toBeLessThanOrEqual(errors(before.diagnostics));
      }
      expect((await fixText(outcome.text, entry.file, options)).fixed, entry.file).toBe(0);
    }
    expect(fixedFiles).toBeGreaterThan(0);
  });
});
