// YAML merge keys (<<) in configs, test files and test documents: the members they give, which win, and
// where findings on merged members point.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureYamlSupport, parseSource } from '../../src/source/index.js';
import { LineIndex } from '../../src/source/offset-map.js';
import { lintText } from '../../src/lint.js';
import { parseDocumentText } from '../../src/sync/documents.js';

function read(text: string) {
  const parsed = parseSource(text, 'config.yaml', { env: {} });
  return { parsed, value: parsed.document?.value as Record<string, unknown> | undefined };
}

/** A legacy config whose database db1 (anchored as defaults, with `field` on line 6) the lines `others` use. */
function lintShared(field: string, others: string[]) {
  const text = ['databases:', '  db1: &defaults', '    server: couchbases://cb', '    bucket: one', '    enable_shared_bucket_access: true', `    ${field}`, ...others.map((line) => `  ${line}`), ''].join('\n');
  return lintText(text, 'legacy.yaml', { kind: 'legacy', env: {}, remote: false });
}

describe('YAML merge keys', () => {
  beforeAll(() => ensureYamlSupport());

  it.each([
    ['an alias', 'a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  z: 3\n', { x: 1, y: 2, z: 3 }],
    ['a key written after the merge wins', 'a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  y: 9\n', { x: 1, y: 9 }],
    ['a key written before the merge wins', 'a: &a {x: 1, y: 2}\nb:\n  y: 9\n  <<: *a\n', { y: 9, x: 1 }],
    ['a list: the earlier mapping wins', 'a: &a {x: 1}\nc: &c {x: 2, w: 4}\nb:\n  <<: [*a, *c]\n', { x: 1, w: 4 }],
    ['a mapping written in place', 'b:\n  <<: {x: 1}\n  y: 2\n', { x: 1, y: 2 }],
    ['a merge inside the merged mapping', 'a: &a {x: 1}\nc: &c {<<: *a, w: 4}\nb: {<<: *c}\n', { x: 1, w: 4 }],
    ['a quoted "<<" is an ordinary key', 'b:\n  "<<": {x: 1}\n', { '<<': { x: 1 } }],
  ])('%s', (_name, text, b) => {
    const { parsed, value } = read(text);
    expect(parsed.diagnostics).toEqual([]);
    expect(value!.b).toEqual(b);
  });

  it('merges a shallow copy: a mapping written beside the merge replaces the merged one whole', () => {
    const { value } = read('a: &a {cache: {x: 1, y: 2}}\nb:\n  <<: *a\n  cache: {y: 3}\n');
    expect(value!.b).toEqual({ cache: { y: 3 } });
  });

  it.each([
    ['a number', 'b:\n  <<: 5\n', { line: 2, column: 7 }],
    ['nothing', 'b:\n  <<:\n', { line: 2, column: 3 }],
    ['a list holding a string', 'a: &a {x: 1}\nb:\n  <<: [*a, plain]\n', { line: 3, column: 12 }],
  ])('a merge of %s is a syntax error at its place', (_name, text, position) => {
    const { parsed } = read(text);
    expect(parsed.diagnostics).toHaveLength(1);
    const [finding] = parsed.diagnostics;
    expect(finding!.rule).toBe('source/syntax');
    expect(finding!.message).toContain('a merge key (<<) takes a mapping');
    expect(new LineIndex(text).position(parsed.diagnostics[0]!.span!.start)).toEqual(position);
  });

  it('a merge of the mapping that holds it is an alias loop', () => {
    const { parsed } = read('a: &a\n  b:\n    <<: *a\n');
    expect(parsed.diagnostics.map((d) => d.rule)).toEqual(['source/yaml-aliases']);
  });

  it('lints merged members as the database holds them, each finding where the member is written', async () => {
    const { diagnostics } = await lintShared('revs_limt: 20', ['db2:', '  <<: *defaults', '  bucket: two']);
    const unknown = diagnostics.filter((d) => d.rule === 'schema/unknown-field');
    expect(unknown.map((d) => [d.message, d.line, d.column])).toEqual([
      ['unknown field "revs_limt" in database "db1"; did you mean "revs_limit"?', 6, 5],
      ['unknown field "revs_limt" in database "db2"; did you mean "revs_limit"?', 6, 5],
    ]);
    expect(diagnostics.filter((d) => d.message.includes('<<'))).toEqual([]);
  });

  it('lists once a finding that reads the same for each database sharing the anchor', async () => {
    const { diagnostics } = await lintShared('num_index_replicas: 0', ['db2: *defaults', 'db3: {<<: *defaults, bucket: three}']);
    expect(diagnostics.filter((d) => d.rule === 'schema/deprecated').map((d) => [d.message, d.line, d.column])).toEqual([
      ['"num_index_replicas" is deprecated', 6, 5],
    ]);
  });

  it('reads merge keys in a test document file as in a test file', () => {
    expect(parseDocumentText('base: &b {type: order, owner: ann}\ndoc: {<<: *b, status: new}\n', 'yaml')).toEqual({
      ok: true,
      value: { base: { type: 'order', owner: 'ann' }, doc: { type: 'order', owner: 'ann', status: 'new' } },
    });
  });
});
