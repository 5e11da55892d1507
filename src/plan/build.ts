// The planner: config value + lint diagnostics + version pair -> an ordered runbook. Pure. The steps
// live in src/plan/steps/; this module only builds them in order and lists the findings beside them.
import type { Finding, Plan, PlanStep } from './types.js';
import { adminBase, precedes, reaches, type Context, type PlanInput } from './context.js';
import { readFacts } from './facts.js';
import { blockingDiagnostics, relevantToPair, stepOfRule } from './findings.js';
import { STEPS } from './steps/index.js';

export type { PlanInput } from './context.js';
export { blockingDiagnostics } from './findings.js';

export function buildPlan(input: PlanInput): Plan {
  const facts = readFacts(input.kind, input.source.value, input.file);
  const base = adminBase(facts);
  const curl = reaches(input.to, 'persistentConfig') ? 'curl -u "$SG_ADMIN_USER"' : 'curl';
  const blocking = new Set(blockingDiagnostics(input.diagnostics, input.kind, input.from, input.to));
  const listed = input.diagnostics.filter((d) => !blocking.has(d) && relevantToPair(d, input.to));
  const context: Context = { ...input, facts, base, curl, listed };
  const steps = STEPS.map((step) => step.build(context)).filter((step): step is PlanStep => step !== null);
  // Coming from before 2.8 and staying on 2.x, the replications can only move once the nodes run 2.8.
  if (precedes(input.from, 'interGatewayReplication') && precedes(input.to, 'persistentConfig')) {
    const at = steps.findIndex((s) => s.id === 'first-generation-replication');
    const rolling = steps.findIndex((s) => s.id === 'rolling-upgrade');
    if (at >= 0 && rolling > at) steps.splice(rolling, 0, ...steps.splice(at, 1));
  }
  const stepIds = new Set(steps.map((s) => s.id));
  const findings: Finding[] = listed
    .map((d) => {
      const step = stepOfRule(d.rule);
      return { rule: d.rule, severity: d.severity, message: d.message, ...(d.detail ? { detail: d.detail } : {}), pointer: d.pointer, line: d.line, ...(step && stepIds.has(step) ? { step } : {}) };
    })
    .sort((a, b) => a.line - b.line);
  return { file: input.file, kind: input.kind, from: input.from.text, to: input.to.text, steps, findings };
}
