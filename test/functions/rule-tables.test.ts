// The rule tables of functions/* and webhook/* run straight through the stage and the rules (no pipeline),
// with the same pass/fail logic as test/helpers/rule-tester.ts (positions are checked by positions.test.ts).
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/types.js';
import { rules as functionRules } from '../../src/rules/functions/index.js';
import { rules as webhookRules } from '../../src/rules/webhook/index.js';
import { cases as functionCases } from './cases/functions.js';
import { cases as webhookCases } from './cases/webhook.js';
import { lintDirect } from './harness.js';
import type { ValidCase } from '../helpers/rule-tester.js';

const all = { ...functionCases, ...webhookCases };

async function findings(ruleId: string, c: ValidCase) {
  const diagnostics = await lintDirect(c.kind, c.config as JsonValue, {
    remote: c.options?.remote ?? false, timeoutMs: c.options?.remoteTimeoutMs ?? 10_000,
  });
  return diagnostics.filter((d) => d.rule === ruleId);
}

describe('rule tables, straight through the functions stage', () => {
  it('has a table for every rule of both groups', () => {
    expect(Object.keys(all).sort()).toEqual([...functionRules, ...webhookRules].map((r) => r.id).sort());
  });

  for (const [ruleId, table] of Object.entries(all)) {
    describe(ruleId, () => {
      table.valid.forEach((c, i) => {
        it(`valid #${i + 1}${c.name ? `: ${c.name}` : ''}`, async () => {
          expect((await findings(ruleId, c)).map((d) => `${d.pointer}: ${d.message}`)).toEqual([]);
        });
      });
      table.invalid.forEach((c, i) => {
        it(`invalid #${i + 1}${c.name ? `: ${c.name}` : ''}`, async () => {
          const found = await findings(ruleId, c);
          expect(found.map((d) => d.pointer).sort()).toEqual(c.errors.map((e) => e.pointer).sort());
          for (const e of c.errors) {
            const match = found.find((d) => d.pointer === e.pointer && (!e.severity || d.severity === e.severity)
              && (e.message === undefined || (typeof e.message === 'string' ? d.message.includes(e.message) : e.message.test(d.message))));
            expect(match, `${e.pointer} ${String(e.message)} in ${JSON.stringify(found.map((d) => d.message))}`).toBeDefined();
          }
        });
      });
    });
  }
});
