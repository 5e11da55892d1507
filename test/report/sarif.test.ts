// SARIF output as GitHub code scanning reads it (the check against the official schema, which lives in
// ../shared/reference, is sarif.shared.test.ts).
import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { formatReport } from '../../src/report/index.js';
import { lintPaths } from '../../src/files.js';

const ROOT = path.resolve(__dirname, '../..');

describe('sarif reporter', () => {

  it('meets GitHub code scanning upload rules: help on every rule, fingerprints, security tags, relative URIs', async () => {
    const report = await lintPaths(['test/cli/fixtures/typo.json'], { cwd: ROOT, remote: false, env: {} });
    const run = JSON.parse(await formatReport(report, 'sarif', { cwd: ROOT, color: false })).runs[0];
    for (const rule of run.tool.driver.rules) {
      expect(rule.help.text.length, rule.id).toBeGreaterThan(10);
      expect(rule.help.markdown, rule.id).toContain(`# ${rule.id}`);
      expect(rule.properties.tags[0]).toBe(rule.id.split('/')[0]);
    }
    const byId = new Map(run.tool.driver.rules.map((r: { id: string }) => [r.id, r]));
    expect(byId.get('security/interface-authentication')).toMatchObject({ properties: { tags: ['security'], 'security-severity': '5.0' } });
    expect((byId.get('schema/type') as { properties: object }).properties).not.toHaveProperty('security-severity');
    for (const result of run.results) {
      expect(result.partialFingerprints['sgconfFinding/v1']).toMatch(/^[0-9a-f]{32}$/);
      expect(result.locations[0].physicalLocation.artifactLocation).toMatchObject({ uriBaseId: '%SRCROOT%' });
      expect(result.locations[0].physicalLocation.artifactLocation.uri).not.toMatch(/^(\/|file:)/);
    }
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toMatch(/^file:\/\/.*\/$/);
  });

  it('a finding keeps its fingerprint when lines above it move', async () => {
    const fingerprints = async (text: string) => {
      const report = { target: '4.1', errorCount: 1, warningCount: 0, results: [{ file: 'db.json', kind: 'database' as const, diagnostics: [] as never[] }] };
      const { lintText } = await import('../../src/lint.js');
      report.results[0]!.diagnostics = (await lintText(text, 'db.json', { env: {}, remote: false })).diagnostics as never[];
      const run = JSON.parse(await formatReport(report, 'sarif', { cwd: ROOT, color: false })).runs[0];
      return run.results.map((r: { ruleId: string; partialFingerprints: Record<string, string>; locations: { physicalLocation: { region: { startLine: number } } }[] }) => [r.ruleId, r.partialFingerprints['sgconfFinding/v1'], r.locations[0]!.physicalLocation.region.startLine]);
    };
    const before = await fingerprints('{"name": "db", "revs_limt": 1}');
    const after = await fingerprints('\n\n{\n"name": "db",\n"revs_limt": 1}');
    expect(before.map((r: unknown[]) => r.slice(0, 2))).toEqual(after.map((r: unknown[]) => r.slice(0, 2)));
    expect(before[0][2]).not.toBe(after[0][2]);
  });

  it('keeps at most 25,000 results of one run and says how many it left out', async () => {
    const diagnostic = (i: number) => ({ rule: 'schema/unknown-field', severity: 'error' as const, message: `unknown field "f${i}"`, pointer: `/f${i}`, line: 1, column: 1, endLine: 1, endColumn: 2 });
    const report = { target: '4.1', errorCount: 25_003, warningCount: 0, results: [{ file: 'big.json', kind: 'database' as const, diagnostics: Array.from({ length: 25_003 }, (_, i) => diagnostic(i)) }] };
    const run = JSON.parse(await formatReport(report, 'sarif', { cwd: ROOT, color: false })).runs[0];
    expect(run.results).toHaveLength(25_000);
    expect(run.invocations[0].toolExecutionNotifications[0].message.text).toContain('3 of 25003 results are not included');
  });
});
