// What every plan step reads: the config's facts, the version pair, and small helpers to quote evidence.
// A step is a module of src/plan/steps/ that says which findings it addresses and resolves.
import type { Diagnostic, Kind } from '../types.js';
import type { ConfigSource } from './source.js';
import type { Evidence, PlanStep } from './types.js';
import { atLeast, before, crosses, type Version } from '../releases/lines.js';
import { UPGRADE } from '../releases/upgrade.js';
import { evidenceOf, type ConfigFacts, type DatabaseFacts } from './facts.js';

export interface PlanInput {
  file: string;
  kind: Kind;
  /** The config as read, with the line of every pointer. */
  source: ConfigSource;
  diagnostics: readonly Diagnostic[];
  from: Version;
  to: Version;
}

export interface Context extends PlanInput {
  facts: ConfigFacts;
  /** Admin API base URL as the config sets it up. */
  base: string;
  /** curl prefix for the admin API of the target version (authenticated from 3.0). */
  curl: string;
  /** The lint findings the plan lists at its end (neither resolved by a step nor blocking). */
  listed: readonly Diagnostic[];
}

/** One step of the runbook, in its own module under src/plan/steps/. */
export interface StepModule {
  /** Stable identifier, e.g. `rolling-upgrade`; also the module's file name. */
  id: string;
  /** Rules whose findings this step deals with: the plan's findings list points at the step. */
  addresses: readonly string[];
  /** Rules whose error findings this step resolves: they become the step and do not block the plan. */
  resolves?: readonly string[];
  /** Of those, the rules whose key the step removes altogether (schema findings inside it are the same problem). */
  removesKeyOf?: readonly string[];
  /** Findings the step resolves for some version pairs only. */
  resolvesWhen?(finding: Diagnostic, kind: Kind, from: Version, to: Version): boolean;
  /** The step for this config and version pair, or null when it does not apply. */
  build(c: Context): PlanStep | null;
}

export type Milestone = keyof typeof UPGRADE;

/** Whether `version` is of the milestone's release line or later (src/releases/upgrade.ts). */
export function reaches(version: Version, milestone: Milestone): boolean {
  return atLeast(version, UPGRADE[milestone].line);
}

export function precedes(version: Version, milestone: Milestone): boolean {
  return before(version, UPGRADE[milestone].line);
}

/** Whether the upgrade from `from` to `to` crosses the milestone. */
export function crossesInto(from: Version, to: Version, milestone: Milestone): boolean {
  return crosses(from, to, UPGRADE[milestone].line);
}

export function adminBase(facts: ConfigFacts): string {
  const configured = typeof facts.adminInterface?.value === 'string' && facts.adminInterface.value !== '' ? facts.adminInterface.value : '127.0.0.1:4985';
  const hostPort = configured.startsWith(':') ? `localhost${configured}` : configured.replace(/^0\.0\.0\.0:/, 'localhost:');
  const scheme = typeof facts.listenerCert?.value === 'string' && facts.listenerCert.value !== '' ? 'https' : 'http';
  return `${scheme}://${hostPort}`;
}

export function ev(c: Context, located: Parameters<typeof evidenceOf>[0] | undefined, note?: string): Evidence[] {
  return located ? [evidenceOf(located, c.source, note)] : [];
}

export function diagnosticEvidence(c: Context, rules: (rule: string) => boolean): Evidence[] {
  return c.diagnostics.filter((d) => rules(d.rule)).map((d) => ({ pointer: d.pointer, line: d.line, text: `${d.rule}: ${d.message}` }));
}

export function serversOf(c: Context): Evidence[] {
  if (c.facts.bootstrapServer) return ev(c, c.facts.bootstrapServer);
  return c.facts.databases.flatMap((db) => ev(c, db.server));
}

export function usesViews(db: DatabaseFacts): boolean {
  return db.useViews?.value === true;
}

export function dbUrl(c: Context, db: DatabaseFacts): string {
  return `${c.base}/${db.name}`;
}
