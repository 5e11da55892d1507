// A document's numbers reach the engine as written (source/number-text.ts): the gateway decodes a body with
// UseNumber, so on the dry-run endpoint a function sees `1.0` as the text "1.0", and on a write an integer
// past 2^53 stays exact (ConvertJSONNumbers). JSON.parse would hand over 1 and the nearest double.
// Documents from --doc files (JSON and YAML) and from test files (the JSON fast path, YAML, and JSON read by
// the located parser), through the worker threads, into the real engine.
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocumentText } from '../../src/sync/documents.js';
import { stringifyJson } from '../../src/source/number-text.js';
import { runCli } from '../helpers/cli.js';
import { runInFolder } from '../rules/sgtest/harness.js';

const FN = 'function (doc) { channel("v" + doc.v); channel("t-" + typeof doc.v); }';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-numbers-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

async function dryRun(docFile: string, docText: string, fn = FN): Promise<{ channels: string[] }> {
  const cwd = folder({ 'db.json': JSON.stringify({ bucket: 'b', sync: fn }), [docFile]: docText });
  const run = await runCli(['dry-run', 'db.json', '--doc', docFile], { cwd });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { channels: string[] };
}

// [as written, what the dry-run endpoint's function sees (json.Number: a string), what a write's sees and
// its type: ConvertJSONNumbers keeps a json.Number it cannot hold exactly (past 2^53, past int64, past a double)]
const rows: [string, string, string, string][] = [
  ['1.0', 'v1.0', 'v1', 'number'],
  ['1.50', 'v1.50', 'v1.5', 'number'],
  ['1e2', 'v1e2', 'v100', 'number'],
  ['1E+2', 'v1E+2', 'v100', 'number'],
  ['-0', 'v-0', 'v0', 'number'],
  ['9007199254740993', 'v9007199254740993', 'v9007199254740993', 'string'],
  ['99999999999999999999', 'v99999999999999999999', 'v99999999999999999999', 'string'],
  ['1e400', 'v1e400', 'v1e400', 'string'],
  ['42', 'v42', 'v42', 'number'],
];

describe('the dry-run endpoint sees each number as its JSON text', () => {
  it.each(rows)('%s in a JSON --doc', async (written, endpoint) => {
    expect((await dryRun('doc.json', `{"v": ${written}}`)).channels).toEqual(['t-string', endpoint]);
  });

  it.each(rows)('%s in a YAML --doc', async (written, endpoint) => {
    expect((await dryRun('doc.yaml', `v: ${written}\n`)).channels).toEqual(['t-string', endpoint]);
  });

  it('YAML numbers JSON cannot write reach it as JSON writes them', async () => {
    expect((await dryRun('doc.yaml', 'v: 0x1F\n')).channels).toEqual(['t-string', 'v31']);
    expect((await dryRun('doc.yaml', 'v: .5\n')).channels).toEqual(['t-string', 'v0.5']);
  });

  it('quoted numbers stay strings, and nested numbers keep their text too', async () => {
    expect((await dryRun('doc.json', '{"v": "1.0"}')).channels).toEqual(['t-string', 'v1.0']);
    const nested = await dryRun('doc.json', '{"list": [1.0, {"x": 2.50}]}', 'function (doc) { channel(doc.list[0] + "-" + doc.list[1].x); }');
    expect(nested.channels).toEqual(['1.0-2.50']);
  });
});

describe('a write converts the numbers of a test case as the gateway does', () => {
  const db = JSON.stringify({ bucket: 'b', sync: FN });

  it.each(rows)('%s in a JSON test file, a YAML test file, and a JSON file the located parser reads', async (written, _endpoint, write, type) => {
    const expectation = JSON.stringify({ channels: [write, `t-${type}`] });
    const json = await runInFolder({ 'db.json': db, 't.sgtest.json': `{"config": "db.json", "cases": [{"name": "n", "doc": {"v": ${written}}, "expect": ${expectation}}]}` }, 't.sgtest.json');
    expect(json.cases.map((c) => [c.passed, c.failures])).toEqual([[true, []]]);
    const yaml = await runInFolder({ 'db.json': db, 't.sgtest.yaml': `config: db.json\ncases:\n  - name: n\n    doc: {v: ${written}}\n    expect: ${expectation}\n` });
    expect(yaml.cases.map((c) => [c.passed, c.failures])).toEqual([[true, []]]);
    // A byte order mark sends a JSON file to the located parser.
    const located = await runInFolder({ 'db.json': db, 't.sgtest.json': `\ufeff{"config": "db.json", "cases": [{"name": "n", "doc": {"v": ${written}}, "expect": ${expectation}}]}` }, 't.sgtest.json');
    expect(located.cases.map((c) => [c.passed, c.failures])).toEqual([[true, []]]);
    // The gateway never reads a test file: its byte order mark is no finding.
    expect(located.diagnostics).toEqual([]);
  });

  it('defaults keep their documents\' numbers; expectations stay numbers', async () => {
    const result = await runInFolder({
      'db.json': JSON.stringify({ bucket: 'b', sync: 'function (doc, oldDoc) { channel("v" + doc.v + "-" + oldDoc.v); expiry(doc.e); }' }),
      't.sgtest.json': '{"config": "db.json", "defaults": {"doc": {"v": 9007199254740993, "e": 60}, "oldDoc": {"v": 1.0}}, "cases": [{"name": "n", "expect": {"channels": ["v9007199254740993-1"], "expiry": 60.0}}]}',
    }, 't.sgtest.json');
    expect(result.diagnostics).toEqual([]);
    expect(result.cases.map((c) => [c.passed, c.failures])).toEqual([[true, []]]);
  });
});

describe('reading a document', () => {
  it('writes back every number as written when JSON.stringify would change it, and leaves the rest plain numbers', () => {
    const parsed = parseDocumentText('{"a": 1.0, "b": [1e2, 3], "c": 0.5, "d": "1.0"}', 'json-or-yaml');
    expect(parsed.ok && stringifyJson(parsed.value)).toBe('{"a":1.0,"b":[1e2,3],"c":0.5,"d":"1.0"}');
    // Any other writer sees plain numbers.
    expect(parsed.ok && JSON.stringify(parsed.value)).toBe('{"a":1,"b":[100,3],"c":0.5,"d":"1.0"}');
    expect(parsed.ok && (parsed.value as { b: unknown[] }).b[1]).toBe(3);
    const yaml = parseDocumentText('a: 1.0\nb: [1e2, 3]\n1.0: key\nc: {2.50: key}\n', 'yaml');
    expect(yaml.ok && stringifyJson(yaml.value)).toBe('{"1":"key","a":1.0,"b":[1e2,3],"c":{"2.5":"key"}}');
  });

  it('a string that looks like a mark stays a string, in a value and in a key', () => {
    // stringifyJson marks each number it writes as its text with a noncharacter pair around its index.
    const text = '{"n": 1.0, "s": "\\ufdd00\\ufdd1", "\\ufdd01\\ufdd1": -0}';
    const parsed = parseDocumentText(text, 'json-or-yaml');
    expect(parsed.ok && stringifyJson(parsed.value)).toBe('{"n":1.0,"s":"\ufdd00\ufdd1","\ufdd01\ufdd1":-0}');
  });

  it('a YAML document with an error is still refused with the error', () => {
    expect(parseDocumentText('a: [1.0\n', 'yaml')).toEqual({ ok: false, message: expect.stringMatching(/flow sequence|Missing|expected/i) });
  });
});
