// Runs a certs/* rule's table directly on the facts of the certificates stage, so the rule and the
// stage are tested together even where the pipeline does not call the stage.
import { describe, expect, it } from 'vitest';
import { gatherCertificateFacts } from '../../../src/certs/gather.js';
import type { Rule, RuleContext } from '../../../src/rules/types.js';
import type { InvalidCase, ValidCase } from '../../helpers/rule-tester.js';
import type { JsonValue, RawDiagnostic } from '../../../src/types.js';

export async function checkWithGatheredFacts(rule: Rule, c: ValidCase): Promise<RawDiagnostic[]> {
  const document = (typeof c.config === 'string' ? JSON.parse(c.config) : c.config) as JsonValue;
  const cwd = c.options?.cwd ?? process.cwd();
  const certificates = await gatherCertificateFacts(c.kind, document, { cwd, configDir: cwd });
  const found: RawDiagnostic[] = [];
  const context: RuleContext = {
    kind: c.kind, document, functions: [], certificates, settings: { edition: 'ee' },
    report: (d) => found.push({ rule: rule.id, severity: d.severity ?? rule.severity, message: d.message, pointer: d.pointer }),
    reportInFunction: () => undefined,
  };
  rule.check?.(context);
  return found;
}

export function runWithGatheredFacts(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  describe(`${rule.id} on gathered facts`, () => {
    cases.valid.forEach((c, i) => {
      it(`valid #${i + 1}${c.name ? `: ${c.name}` : ''}`, async () => {
        expect((await checkWithGatheredFacts(rule, c)).map((d) => `${d.pointer}: ${d.message}`)).toEqual([]);
      });
    });
    cases.invalid.forEach((c, i) => {
      it(`invalid #${i + 1}${c.name ? `: ${c.name}` : ''}`, async () => {
        const found = await checkWithGatheredFacts(rule, c);
        expect(found.map((d) => d.pointer).sort()).toEqual(c.errors.map((e) => e.pointer).sort());
        for (const e of c.errors) {
          const match = found.find((d) => d.pointer === e.pointer && (!e.severity || d.severity === e.severity) &&
            (e.message === undefined || (typeof e.message === 'string' ? d.message.includes(e.message) : e.message.test(d.message))));
          expect(match, `${e.pointer} ${String(e.message)} in ${JSON.stringify(found)}`).toBeDefined();
        }
      });
    });
  });
}
