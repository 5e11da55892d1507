// YAML tags in test files and test documents, as in configs (test/rules/source/yaml-tags.test.ts): JSON's
// types only, each other tag refused where it is written.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocumentText } from '../../src/sync/documents.js';
import { runCli } from '../helpers/cli.js';

describe('YAML tags outside configs', () => {
  it('a test document with a tag that has no JSON form is refused at the tag', () => {
    expect(parseDocumentText('type: note\nowner: !!binary YW5u\n', 'yaml')).toEqual({
      ok: false,
      message: "YAML: the tag !!binary has no JSON form, and sgconf reads JSON's types only (line 2, column 8)",
    });
    expect(parseDocumentText('items: [!include more.yaml]\n', 'yaml')).toMatchObject({ ok: false, message: expect.stringContaining('!include has no JSON form') });
  });

  it("a test document keeps JSON's tagged types", () => {
    expect(parseDocumentText('a: !!float 3\nb: !!str 4\nc: !!int 5\n', 'yaml')).toEqual({ ok: true, value: { a: 3, b: '4', c: 5 } });
  });

  it('a YAML file that is no gateway config keeps its tags: a walked folder skips it as before', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lint-tags-'));
    writeFileSync(path.join(dir, 'template.yaml'), 'Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: !Ref Name\n');
    writeFileSync(path.join(dir, 'db.yaml'), 'name: db\nbucket: db\n');
    const walked = await runCli(['lint', '.', '--format', 'json'], { cwd: dir });
    expect(walked.code).toBe(0);
    expect(JSON.parse(walked.stdout).results.flatMap((r: { diagnostics: unknown[] }) => r.diagnostics)).toEqual([]);
    // A database config with one is refused where the tag is written.
    writeFileSync(path.join(dir, 'db.yaml'), 'name: db\nbucket: !Ref Bucket\n');
    const refused = await runCli(['lint', '.', '--format', 'json'], { cwd: dir });
    expect(refused.code).toBe(1);
    const findings = JSON.parse(refused.stdout).results.flatMap((r: { file: string; diagnostics: { rule: string; line: number; column: number }[] }) => r.diagnostics.map((d) => [r.file, d.rule, d.line, d.column]));
    expect(findings).toEqual([['db.yaml', 'source/yaml-tags', 2, 9]]);
  });

  it('a test file with a tag that has no JSON form is an error at the tag, and runs no case', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-tags-'));
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.owner); }' }));
    writeFileSync(path.join(dir, 'db.sgtest.yaml'), 'config: db.json\ncases:\n  - name: x\n    doc: {owner: !!binary YW5u}\n    expect: {channels: [ann]}\n');
    const r = await runCli(['test', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.diagnostics.map((d: { rule: string; line: number; column: number; message: string }) => [d.rule, d.line, d.column, d.message])).toEqual([
      ['sgtest/invalid-file', 4, 18, "YAML: the tag !!binary has no JSON form, and sgconf reads JSON's types only"],
    ]);
    expect(result.cases).toEqual([]);
  });
});
