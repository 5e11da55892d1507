// Templates (Jinja, Go templates, Helm) and YAML keys with no JSON form: each named where it is written
// (source/syntax), and a walked folder still skips a template that is no gateway config.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/lint.js';
import { parseDocumentText } from '../../src/sync/documents.js';
import { runCli } from '../helpers/cli.js';

const syntaxFindings = async (text: string, file: string) =>
  (await lintText(text, file, { kind: 'database', env: {}, remote: false })).diagnostics
    .filter((d) => d.rule === 'source/syntax')
    .map((d) => [d.message, d.line, d.column, d.endColumn]);

describe('template placeholders and YAML keys with no JSON form', () => {
  it('a YAML placeholder where a value belongs is named whole', async () => {
    expect(await syntaxFindings('bucket: b\nrevs_limit: {{ revs }}\n', 'db.yaml')).toEqual([
      ['"{{ revs }}" is a template placeholder: lint the config that the template renders', 2, 13, 23],
    ]);
  });

  it('a YAML placeholder\'s value gets no other finding (it is no value of the config)', async () => {
    const { diagnostics } = await lintText('bucket: b\nrevs_limit: {{ revs }}\n', 'db.yaml', { kind: 'database', env: {}, remote: false });
    expect(diagnostics.map((d) => d.rule)).toEqual(['source/syntax']);
  });

  it('a YAML placeholder on a line of its own (a YAML syntax error) is named as a placeholder', async () => {
    expect(await syntaxFindings('bucket: b\n{{ logging }}\n', 'db.yaml')).toEqual([
      ['"{{ logging }}" is a template placeholder: lint the config that the template renders', 2, 1, 14],
    ]);
  });

  it('a YAML key that is a list has no JSON form', async () => {
    expect(await syntaxFindings('bucket: b\nevent_handlers:\n  ? [a, b]\n  : {}\n', 'db.yaml')).toEqual([
      ['YAML: a key that is a mapping or a list has no JSON form (JSON keys are strings)', 3, 5, 11],
    ]);
  });

  it('a placeholder inside a string is a string', async () => {
    expect(await syntaxFindings('bucket: b\nserver: "{{ server }}"\n', 'db.yaml')).toEqual([]);
    expect(await syntaxFindings('{"bucket": "b", "server": "{{ server }}"}', 'db.json')).toEqual([]);
  });

  it('the member a key of no JSON form makes up gets no finding of its own (it is no member of the config)', async () => {
    for (const text of ['bucket: b\n? [a, b]\n: 1\n', 'bucket: b\ncache:\n  ? {x: 1}\n  : 1\n']) {
      const { diagnostics } = await lintText(text, 'db.yaml', { kind: 'database', env: {}, remote: false });
      expect(diagnostics.map((d) => d.rule)).toEqual(['source/syntax']);
    }
  });

  it('a test document with a key that is a mapping is refused at the key', () => {
    expect(parseDocumentText('type: note\n? {a: 1}\n: x\n', 'yaml')).toEqual({
      ok: false,
      message: 'YAML: a key that is a mapping or a list has no JSON form (JSON keys are strings) (line 2, column 3)',
    });
  });

  it('a walked folder skips a Helm template and names the placeholder of a config template', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lint-templates-'));
    writeFileSync(path.join(dir, 'deployment.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: {{ .Values.replicaCount }}\n');
    writeFileSync(path.join(dir, 'db.json'), '{\n  "bucket": "b",\n  "revs_limit": {{ revs }}\n}\n');
    const walked = await runCli(['lint', '.', '--format', 'json'], { cwd: dir });
    expect(walked.code).toBe(1);
    const findings = JSON.parse(walked.stdout).results.flatMap((r: { file: string; diagnostics: { rule: string; message: string; line: number; column: number }[] }) =>
      r.diagnostics.map((d) => [r.file, d.rule, d.message, d.line, d.column]));
    expect(findings).toEqual([['db.json', 'source/syntax', 'invalid JSON: "{{ revs }}" is a template placeholder: lint the config that the template renders', 3, 17]]);
  });
});
