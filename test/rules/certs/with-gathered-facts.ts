// Runs a certs/* rule's table directly on the facts of the certificates stage, so the rule and the
// stage are tested together even where the pipeline does not call the stage.
import { gatherCertificateFacts } from '../../../src/certs/gather.js';
import type { Rule, RuleContext } from '../../../src/rules/types.js';
import { runCaseTable, type InvalidCase, type ValidCase } from '../../helpers/rule-tester.js';
import type { JsonValue, RawDiagnostic } from '../../../src/types.js';
import { judge, NEWEST_RELEASE } from '../../../src/releases/index.js';
import { BEHAVIOUR } from '../../../src/releases/behaviour.js';
import { upgradesLegacyConfigs } from '../../../src/releases/reading.js';

export async function checkWithGatheredFacts(rule: Rule, c: ValidCase): Promise<RawDiagnostic[]> {
  const document = (typeof c.config === 'string' ? JSON.parse(c.config) : c.config) as JsonValue;
  const cwd = c.options?.cwd ?? process.cwd();
  const certificates = await gatherCertificateFacts(c.kind, document, { cwd, configDir: cwd });
  const found: RawDiagnostic[] = [];
  const context: RuleContext = {
    kind: c.kind, document, functions: [], certificates, settings: { edition: 'ee', host: c.options?.host ?? false },
    target: c.options?.target ?? NEWEST_RELEASE,
    now: c.options?.now ?? Date.now(),
    judge: (fact) => judge(BEHAVIOUR.get(fact)!, c.options?.target ?? NEWEST_RELEASE),
    upgradesLegacyConfigs: upgradesLegacyConfigs(c.options?.target ?? NEWEST_RELEASE),
    holdsEnvironmentReference: () => false,
    report: (d) => found.push({ rule: rule.id, severity: d.severity ?? rule.severity, message: d.message, ...(d.detail ? { detail: d.detail } : {}), pointer: d.pointer }),
    reportInFunction: () => undefined,
  };
  rule.check?.(context);
  return found;
}

export function runWithGatheredFacts(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  runCaseTable(`${rule.id} on gathered facts`, cases, (c) => checkWithGatheredFacts(rule, c));
}
