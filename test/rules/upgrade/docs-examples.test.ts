// The failing and passing examples of every docs page of the cross-field groups do what the page says:
// the failing one draws at least one finding of the rule, the passing one none that is a warning or an error.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintForRule } from '../../helpers/rule-tester.js';
import { rules as replication } from '../../../src/rules/replication/index.js';
import { rules as sgreplicate } from '../../../src/rules/sgreplicate/index.js';
import { rules as upgrade } from '../../../src/rules/upgrade/index.js';
import { rules as security } from '../../../src/rules/security/index.js';
import { rules as database } from '../../../src/rules/database/index.js';
import { rules as bootstrap } from '../../../src/rules/bootstrap/index.js';
import type { Kind } from '../../../src/types.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Rules that only fire on Community Edition are documented with CE examples.
const CE_ONLY = new Set(['replication/edition', 'database/edition', 'bootstrap/edition', 'upgrade/group-id-ce']);

describe('docs examples of the cross-field rules', () => {
  for (const rule of [...replication, ...sgreplicate, ...upgrade, ...security, ...database, ...bootstrap]) {
    it(rule.id, async () => {
      const page = readFileSync(path.join(repo, 'docs/rules', `${rule.id}.md`), 'utf8');
      const kind = /## Failing example \((\w+) config\)/.exec(page)?.[1] as Kind;
      const [failing, passing] = [...page.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
      expect(kind && failing && passing, 'page has a kind, a failing and a passing example').toBeTruthy();
      const options = CE_ONLY.has(rule.id) ? { settings: { edition: 'ce' as const } } : undefined;
      const bad = await lintForRule(rule.id, { kind, config: failing, options });
      expect(bad.length, `failing example of ${rule.id}`).toBeGreaterThan(0);
      const good = await lintForRule(rule.id, { kind, config: passing, options });
      expect(good.filter((d) => d.severity !== 'info').map((d) => d.message)).toEqual([]);
    });
  }
});
