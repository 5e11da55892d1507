// Which lint findings stop a plan, which ones a step resolves, and which ones the plan lists: decided
// from what the steps declare (src/plan/steps/) and from the release milestones (src/releases/upgrade.ts).
import type { Diagnostic, Kind } from '../types.js';
import type { Version } from '../releases/lines.js';
import { precedes } from './context.js';
import { STEPS } from './steps/index.js';

// Certificates are often absent where a plan is made (a laptop, CI): reported, never blocking.
const NEVER_BLOCKING = new Set(['certs/file-unreadable']);

// Hygiene that holds the same before and after any upgrade: not a step of one, so not listed.
const NOT_ABOUT_UPGRADES = new Set(['security/secret-in-file']);

/** Findings about the 3.x conversion and first-generation removal: they only matter for an upgrade to 3.x. */
function aboutPersistentConfig(rule: string): boolean {
  return rule.startsWith('upgrade/') || rule.startsWith('sgreplicate/') || rule === 'security/non-tls-server';
}

function resolvedByPlan(d: Diagnostic, kind: Kind, from: Version, to: Version): boolean {
  if (NEVER_BLOCKING.has(d.rule)) return true;
  if (STEPS.some((step) => step.resolves?.includes(d.rule) || step.resolvesWhen?.(d, kind, from, to))) return true;
  return precedes(to, 'persistentConfig') && aboutPersistentConfig(d.rule);
}

/** Findings about releases this upgrade does not reach are left out of its plan. */
export function relevantToPair(d: Diagnostic, to: Version): boolean {
  if (NOT_ABOUT_UPGRADES.has(d.rule)) return false;
  if (precedes(to, 'persistentConfig') && aboutPersistentConfig(d.rule)) return false;
  if (precedes(to, 'sharedBucketAccessRequired') && d.rule === 'upgrade/shared-bucket-access-off') return false;
  return true;
}

/** The step that deals with a finding, so the findings list can point at it. */
export function stepOfRule(rule: string): string | undefined {
  return STEPS.find((step) => step.addresses.includes(rule))?.id;
}

/** Error diagnostics that stop the plan: the config must be fixed before any upgrade. */
export function blockingDiagnostics(diagnostics: readonly Diagnostic[], kind: Kind, from: Version, to: Version): Diagnostic[] {
  const handled = (d: Diagnostic) => resolvedByPlan(d, kind, from, to);
  const removesKey = (rule: string) => STEPS.some((step) => step.removesKeyOf?.includes(rule));
  // Keys a handled finding removes altogether: schema findings inside them are the same problem.
  const handledPointers = [...new Set(diagnostics.filter((d) => handled(d) && removesKey(d.rule)).map((d) => d.pointer))].filter((p) => p !== '');
  return diagnostics.filter((d) => d.severity === 'error' && !handled(d) &&
    !(d.rule.startsWith('schema/') && handledPointers.some((p) => d.pointer === p || d.pointer.startsWith(p + '/'))));
}
