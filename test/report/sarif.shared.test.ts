// SARIF output is valid SARIF 2.1.0, checked against the official schema (../shared/reference, draft-04):
// npm run test:corpus (the tests that read ../shared).
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvDraft04 from 'ajv-draft-04';
import { formatReport } from '../../src/report/index.js';
import { lintPaths } from '../../src/files.js';
import { allRules } from '../../src/rules/index.js';

const ROOT = path.resolve(__dirname, '../..');
const SCHEMA = path.resolve(ROOT, '../shared/reference/sarif-2.1.0.schema.json');

describe('sarif reporter', () => {
  it('validates against the SARIF 2.1.0 schema and lists every rule', async () => {
    const report = await lintPaths(['test/cli/fixtures/typo.json', 'test/cli/fixtures/bad-db.yaml'], { cwd: ROOT, remote: false, env: {} });
    const text = await formatReport(report, 'sarif', { cwd: ROOT, color: false });
    const sarif = JSON.parse(text);
    const Ajv = AjvDraft04 as unknown as new (o: object) => { compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } };
    const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
    const valid = validate(sarif);
    expect(validate.errors ?? null, JSON.stringify(validate.errors)).toBeNull();
    expect(valid).toBe(true);
    const run = sarif.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id).sort()).toEqual(allRules.map((r) => r.id).sort());
    for (const rule of run.tool.driver.rules) {
      expect(rule.shortDescription.text.length).toBeGreaterThan(10);
      // While package.json names no repository, the page shipped in the package (paths.ts docsUrl).
      expect(rule.helpUri).toMatch(new RegExp(`^file://.*/docs/rules/${rule.id}\\.md$`));
      expect(existsSync(fileURLToPath(rule.helpUri))).toBe(true);
    }
    const total = report.results.reduce((n, r) => n + r.diagnostics.length, 0);
    expect(run.results).toHaveLength(total);
    const typo = run.results.find((r: { ruleId: string }) => r.ruleId === 'schema/unknown-field');
    expect(typo.level).toBe('error');
    expect(typo.locations[0].physicalLocation.artifactLocation.uri).toBe('test/cli/fixtures/typo.json');
    expect(typo.locations[0].physicalLocation.region).toEqual({ startLine: 10, startColumn: 16, endLine: 10, endColumn: 37 });
    expect(run.tool.driver.rules[typo.ruleIndex].id).toBe('schema/unknown-field');
    expect(text).not.toContain('s3cr3t-pass');
  });
});
