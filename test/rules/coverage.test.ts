// Every rule has a module in its group's folder, a docs page and a test file; the README lists them all.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { allRules } from '../../src/rules/index.js';
import { loadReleases, renderReleasesPage, renderReleaseTable, renderRulesTable } from '../../scripts/rules-table.mjs';

const ROOT = path.resolve(__dirname, '../..');

describe('rule registry', () => {
  it('has unique ids of the form <group>/<name>, each in src/rules/<group>/<name>.ts', () => {
    const ids = allRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of allRules) {
      expect(rule.id).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(existsSync(path.join(ROOT, 'src/rules', `${rule.id}.ts`)), `module of ${rule.id}`).toBe(true);
      expect(rule.description.length, `description of ${rule.id}`).toBeGreaterThan(15);
      expect(['error', 'warning', 'info']).toContain(rule.severity);
      expect(Boolean(rule.check) || Boolean(rule.emittedBy), `${rule.id} has a check or names the stage that emits it`).toBe(true);
    }
  });

  it.each(allRules.map((r) => r.id))('%s has a docs page and a test file', (id) => {
    const docs = path.join(ROOT, 'docs/rules', `${id}.md`);
    expect(existsSync(docs), `docs/rules/${id}.md`).toBe(true);
    expect(readFileSync(docs, 'utf8')).toMatch(new RegExp(`^# ${id.replace('/', '\\/')}`));
    expect(existsSync(path.join(ROOT, 'test/rules', `${id}.test.ts`)), `test/rules/${id}.test.ts`).toBe(true);
  });

  it('the docs page of every rule says which releases it applies to, with a table where the severity follows the target (regenerate with `npm run docs`)', async () => {
    const releases = await loadReleases();
    for (const rule of allRules) {
      const page = readFileSync(path.join(ROOT, 'docs/rules', `${rule.id}.md`), 'utf8');
      expect(page, rule.id).toMatch(/^## Releases/m);
      if (rule.facts) expect(page, rule.id).toContain(renderReleaseTable(rule, releases));
    }
  });

  it('docs/checks.md lists every rule (regenerate with `npm run docs`)', () => {
    const checks = readFileSync(path.join(ROOT, 'docs/checks.md'), 'utf8');
    const start = checks.indexOf('<!-- rules:start -->');
    const end = checks.indexOf('<!-- rules:end -->');
    expect(start).toBeGreaterThan(0);
    expect(checks.slice(start, end + '<!-- rules:end -->'.length)).toBe(renderRulesTable(allRules));
  });

  it('docs/releases.md shows every release fact of src/releases/ with its source (regenerate with `npm run docs`)', async () => {
    const page = readFileSync(path.join(ROOT, 'docs/releases.md'), 'utf8');
    expect(page).toBe(renderReleasesPage(await loadReleases()));
    expect(page).toContain('replication-without-id');
  });
});
