// The same broken function in every form a config can hold it, reported at its exact line and column in the
// original bytes (through backtick conversion, JSON escapes, environment expansion, YAML scalars) or in the file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintText } from '../../src/lint.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sgconf-positions-'));
  writeFileSync(path.join(dir, 'sync.js'), 'function(doc, oldDoc) {\n  let owner = doc.owner;\n  channel(owner);\n}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function es2015(text: string, file: string, env: Record<string, string> = {}) {
  const result = await lintText(text, file, { kind: 'legacy', env, remote: false, cwd: dir });
  return result.diagnostics.filter((d) => d.rule.startsWith('functions/'))
    .map((d) => ({ rule: d.rule, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, ...(d.file ? { file: d.file } : {}) }));
}

const LET = { rule: 'functions/es2015-syntax' };

describe('positions of a problem inside a function', () => {
  it('backtick string', async () => {
    const text = [
      '{',
      '  "databases": {',
      '    "db": {',
      '      "bucket": "b",',
      '      "sync": `function(doc, oldDoc) {',
      '\t\tvar label = "a \\"quoted\\" word";',
      '  let owner = doc.owner;',
      '  channel(owner);',
      '}`',
      '    }',
      '  }',
      '}',
    ].join('\n');
    expect(await es2015(text, 'config.json')).toEqual([{ ...LET, line: 7, column: 3, endLine: 7, endColumn: 6 }]);
  });

  it('backtick string with CRLF line ends', async () => {
    const text = '{\r\n  "databases": {"db": {"sync": `function(doc) {\r\n  const x = 1;\r\n}`}}\r\n}\r\n';
    expect(await es2015(text, 'config.json')).toEqual([{ ...LET, line: 3, column: 3, endLine: 3, endColumn: 8 }]);
  });

  it('escaped JSON string (\\n, \\t, \\", \\u0020)', async () => {
    const text = [
      '{',
      '  "databases": {',
      '    "db": {',
      '      "bucket": "b",',
      '      "sync": "function(doc,\\u0020oldDoc) {\\n\\tvar label = \\"a\\";\\n  let owner = doc.owner;\\n}"',
      '    }',
      '  }',
      '}',
    ].join('\n');
    const column = text.split('\n')[4]!.indexOf('let') + 1;
    expect(column).toBe(70);
    expect(await es2015(text, 'config.json')).toEqual([{ ...LET, line: 5, column: 70, endLine: 5, endColumn: 73 }]);
  });

  it('a span that ends on an escaped character ends after its escape', async () => {
    const text = String.raw`{"databases": {"db": {"sync": "function(doc) { var s = \"\\u{1F600}\"; }"}}}`;
    const literal = String.raw`\"\\u{1F600}\"`;
    const column = text.indexOf(literal) + 1;
    expect(await es2015(text, 'config.json')).toEqual([{ ...LET, line: 1, column, endLine: 1, endColumn: column + literal.length }]);
  });

  it('through environment expansion ($$ and ${VAR} before the problem)', async () => {
    const text = '{"databases": {"db": {"sync": `function(doc) {\n  var p = "$$" + "${CURRENCY}"; let owner = doc.owner;\n}`}}}';
    const column = text.split('\n')[1]!.indexOf('let') + 1;
    expect(column).toBe(33);
    expect(await es2015(text, 'config.json', { CURRENCY: 'EUR-LONG-VALUE' })).toEqual([{ ...LET, line: 2, column: 33, endLine: 2, endColumn: 36 }]);
  });

  it('YAML block scalar', async () => {
    const text = [
      'databases:',
      '  db:',
      '    bucket: b',
      '    sync: |',
      '      function(doc, oldDoc) {',
      '        let owner = doc.owner;',
      '        channel(owner);',
      '      }',
      '',
    ].join('\n');
    expect(await es2015(text, 'config.yaml')).toEqual([{ ...LET, line: 6, column: 9, endLine: 6, endColumn: 12 }]);
  });

  it('YAML double-quoted scalar', async () => {
    const text = 'databases:\n  db:\n    sync: "function(doc) {\\n  let owner = doc.owner;\\n}"\n';
    const column = text.split('\n')[2]!.indexOf('let') + 1;
    expect(await es2015(text, 'config.yaml')).toEqual([{ ...LET, line: 3, column, endLine: 3, endColumn: column + 3 }]);
  });

  it('external file: the position is in that file', async () => {
    const text = '{"databases": {"db": {"bucket": "b", "sync": "sync.js"}}}';
    expect(await es2015(text, 'config.json')).toEqual([{ ...LET, line: 2, column: 3, endLine: 2, endColumn: 6, file: path.join(dir, 'sync.js') }]);
  });

  it('a rule finding inside a backtick function (misspelled helper)', async () => {
    const text = '{\n  "databases": {\n    "db": {\n      "sync": `function(doc) {\n    chanel(doc.channels);\n}`\n    }\n  }\n}';
    const result = await lintText(text, 'config.json', { kind: 'legacy', env: {}, remote: false, cwd: dir });
    const found = result.diagnostics.filter((d) => d.rule === 'functions/misspelled-helper');
    expect(found.map((d) => [d.line, d.column, d.endLine, d.endColumn])).toEqual([[5, 5, 5, 11]]);
  });

  it('a `$` in JavaScript names the $$ fix', async () => {
    const text = '{"databases": {"db": {"sync": `function(doc) {\n  channel(doc.name.replace(/(a)/, "$1"));\n}`}}}';
    const result = await lintText(text, 'config.json', { kind: 'legacy', env: {}, remote: false, cwd: dir });
    const variable = result.diagnostics.find((d) => d.rule === 'source/undefined-variable');
    expect(variable).toBeDefined();
    expect(variable!.detail).toContain('$$');
    expect([variable!.line, variable!.column]).toEqual([2, 36]);
  });
});
