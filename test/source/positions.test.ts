// Line/column of findings through the dialect: exact expectations.
import { describe, expect, it } from 'vitest';
import { ensureYamlSupport, parseSource } from '../../src/source/index.js';
import { LineIndex } from '../../src/source/offset-map.js';
import { lintText } from '../../src/lint.js';

function positionOf(text: string, pointer: string, target: 'key' | 'value' = 'value', env: Record<string, string> | null = {}) {
  const parsed = parseSource(text, 'x.json', { env });
  const span = parsed.document!.locate(pointer, target)!;
  const lines = new LineIndex(text);
  return { start: lines.position(span.start), end: lines.position(span.end) };
}

describe('pointer positions in the original bytes', () => {
  it('after a multi-line backtick string with CRLF and tabs', () => {
    const text = '{\r\n  "sync": `function(doc) {\r\n\tchannel("a");\r\n}`,\r\n  "revs_limit": 5\r\n}';
    expect(positionOf(text, '/revs_limit')).toEqual({ start: { line: 5, column: 17 }, end: { line: 5, column: 18 } });
    expect(positionOf(text, '/revs_limit', 'key').start).toEqual({ line: 5, column: 3 });
    expect(positionOf(text, '/sync').start).toEqual({ line: 2, column: 11 });
    expect(positionOf(text, '/sync').end).toEqual({ line: 4, column: 3 });
  });

  it('after backticks holding quotes and backslashes', () => {
    const text = '{"a": `say "x" \\ y`, "b": true}';
    expect(positionOf(text, '/b').start).toEqual({ line: 1, column: 27 });
  });

  it('after environment references expanded to longer or shorter text', () => {
    const text = '{"server": "${HOST}", "bucket": "$B", "x": 1}';
    const env = { HOST: 'a-very-long-host-name.example.com', B: '' };
    const parsed = parseSource(text, 'x.json', { env });
    expect(parsed.diagnostics.map((d) => d.rule)).toEqual(['source/undefined-variable']);
    const lines = new LineIndex(text);
    expect(lines.position(parsed.document!.locate('/x')!.start)).toEqual({ line: 1, column: 44 });
    expect(lines.position(parsed.document!.locate('/server')!.start)).toEqual({ line: 1, column: 12 });
  });

  it('env references inside a backtick string', () => {
    const text = '{"sync": `function(doc) { var h = "$HOST"; }`,\n "z": 0}';
    const parsed = parseSource(text, 'x.json', { env: { HOST: 'h' } });
    const lines = new LineIndex(text);
    expect(lines.position(parsed.document!.locate('/z')!.start)).toEqual({ line: 2, column: 7 });
  });

  it('multi-byte characters count as one column each (UTF-16 code units for astral ones)', () => {
    const text = '{"name": "héllo wörld", "bad": 1}';
    expect(positionOf(text, '/bad', 'key').start).toEqual({ line: 1, column: 25 });
  });

  it('maps a character inside an escaped JSON string to the original column', () => {
    const text = '{"sync": "function(doc) {\\n  chanel(doc);\\n}"}';
    const parsed = parseSource(text, 'x.json', { env: {} });
    const value = parsed.document!.value as { sync: string };
    const index = value.sync.indexOf('chanel');
    const offset = parsed.document!.locateInString('/sync', index)!;
    expect(text.slice(offset, offset + 6)).toBe('chanel');
  });

  it('maps a character inside a backtick string to the original line and column', () => {
    const text = '{\n  "sync": `function(doc) {\n\t"x";\n  chanel(doc);\n}`\n}';
    const parsed = parseSource(text, 'x.json', { env: {} });
    const value = parsed.document!.value as { sync: string };
    const offset = parsed.document!.locateInString('/sync', value.sync.indexOf('chanel'))!;
    expect(new LineIndex(text).position(offset)).toEqual({ line: 4, column: 3 });
  });
});

describe('syntax errors point at the offending character', () => {
  const table: [string, string, number, number, RegExp][] = [
    ['trailing comma', '{\n  "a": 1,\n}', 3, 1, /trailing comma/],
    ['missing comma', '{"a": 1\n "b": 2}', 2, 2, /a "," is missing before this key/],
    ['comment', '{\n  // no\n  "a": 1}', 2, 3, /no comments/],
    ['single quotes', "{'a': 1}", 1, 2, /double-quoted key/],
    ['line break in string', '{"a": "x\ny"}', 1, 9, /line break inside a string/],
    ['after backtick region', '{"s": `a\nb`,, "c": 1}', 2, 4, /a double-quoted key/],
    ['empty backticks are not an empty string', '{"a": ``, "b": 1}', 1, 7, /backtick/],
    ['empty backticks swallow text up to the next backtick', '{"a": ``, "b": `x`}', 1, 17, /"x"/],
    ['empty file', '', 1, 1, /empty/],
  ];
  it.each(table)('%s', async (_name, text, line, column, message) => {
    const result = await lintText(text, 'x.json', { env: {}, remote: false });
    const d = result.diagnostics.find((x) => x.rule === 'source/syntax')!;
    expect(d, JSON.stringify(result.diagnostics)).toBeDefined();
    expect([d.line, d.column]).toEqual([line, column]);
    expect(d.message).toMatch(message);
  });
});

describe('YAML sources', () => {
  it('locates values and string characters in block scalars', async () => {
    const text = 'bucket: b\nsync: |\n  function(doc) {\n    chanel(doc);\n  }\nrevs_limit: "5"\n';
    const result = await lintText(text, 'db.yaml', { env: {}, remote: false, kind: 'database' });
    const type = result.diagnostics.find((d) => d.rule === 'schema/type')!;
    expect([type.line, type.column]).toEqual([6, 13]);
    await ensureYamlSupport();
    const parsed = parseSource(text, 'db.yaml', { env: {} });
    const value = parsed.document!.value as { sync: string };
    const offset = parsed.document!.locateInString('/sync', value.sync.indexOf('chanel'))!;
    expect(new LineIndex(text).position(offset)).toEqual({ line: 4, column: 5 });
  });
});
