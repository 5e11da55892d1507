// The gateway releases sgconf judges configs for, and how a fact about them becomes a verdict.
// Every fact about what a release knows, refuses, warns about or ignores lives as data in
// src/releases/behaviour.ts (constructs that rules look at) and src/releases/fields.ts (which release
// knows which field); rules and the schema stage ask `judge` instead of comparing versions themselves.
import type { Severity } from '../types.js';
import { parseVersion, type ReleaseLine } from './lines.js';

/** Release lines sgconf judges configs for, oldest first. A patch version is judged as its line. */
export const RELEASES = ['2.8', '3.0', '3.1', '3.2', '3.3', '4.0', '4.1'] as const satisfies readonly ReleaseLine[];
export type Release = (typeof RELEASES)[number];

/** The default target: the newest release sgconf knows. */
export const NEWEST_RELEASE: Release = RELEASES[RELEASES.length - 1]!;

/** `3.1`, `3.1.4`, `3.0.8.1` -> their line, read as `plan` reads versions; null for a line lint does not judge. */
export function parseRelease(text: string): Release | null {
  const line = parseVersion(text)?.line;
  return line !== undefined && (RELEASES as readonly string[]).includes(line) ? (line as Release) : null;
}

export function releaseIndex(release: Release): number {
  return RELEASES.indexOf(release);
}

/** Negative when a is older than b. */
export function compareReleases(a: Release, b: Release): number {
  return releaseIndex(a) - releaseIndex(b);
}

/**
 * How one release treats a construct of a config:
 * - `accepts`: loads it silently;
 * - `warns`: loads it and logs a deprecation or warning;
 * - `ignores`: loads the config but the setting has no effect;
 * - `refuses`: refuses to start, to load the config or database, or refuses the `PUT /{db}/` request.
 */
export type Treatment = 'accepts' | 'warns' | 'ignores' | 'refuses';

/** One change in how releases treat a construct, from `from` on (until the next change). */
export interface TreatmentChange {
  from: Release;
  treatment: Treatment;
  /** Where the gateway does it: file and release tag, e.g. `rest/config.go@4.0.0 validate()`. */
  source: string;
}

/** A construct of a config and how each release treats it. */
export interface BehaviourFact {
  /** Stable key rules ask for, e.g. `allow-conflicts-true`. */
  id: string;
  /** What the construct is, for docs. */
  construct: string;
  /** Releases before the first change accept it. Ordered oldest first. */
  changes: readonly TreatmentChange[];
  /** The first release where the construct can exist at all (3.0 for startup-config settings); default 2.8. */
  existsFrom?: Release;
}

export interface Verdict {
  severity: Severity;
  treatment: Treatment;
  /** The release the verdict is for. */
  target: Release;
  /** What the target does, in a few words for the message: "refused by 4.1", "deprecated in 3.2, refused by 4.0". */
  brief: string;
  /** The oldest release after the target that refuses the construct (for an info about the future). */
  firstRefusing?: Release;
  /**
   * What the target does, as a clause naming releases: "4.0 and later refuse it",
   * "3.0-3.3 accept it with a deprecation warning; 4.0 and later refuse it", "ignored by 3.2".
   */
  says: string;
}

/** The step of a list (oldest first) in effect at `release`: the last one from it or before; undefined before the first. */
export function stepAt<T extends { from: Release }>(steps: readonly T[], release: Release): T | undefined {
  let found: T | undefined;
  for (const step of steps) if (compareReleases(step.from, release) <= 0) found = step;
  return found;
}

/** How `release` treats the construct of `fact`. */
export function treatmentIn(fact: BehaviourFact, release: Release): Treatment {
  return stepAt(fact.changes, release)?.treatment ?? 'accepts';
}

/**
 * The severity the target's treatment gives (issue: severity follows the target):
 * refuses -> error; warns or ignores -> warning; accepts but a later release refuses -> info naming that
 * release; accepts and no later release refuses -> null (nothing to report).
 */
export function judge(fact: BehaviourFact, target: Release): Verdict | null {
  const treatment = treatmentIn(fact, target);
  const firstRefusing = RELEASES.slice(releaseIndex(target) + 1).find((r) => treatmentIn(fact, r) === 'refuses');
  const now = describeRun(fact, target);
  const later = firstRefusing && treatment !== 'refuses' ? `; ${describeRun(fact, firstRefusing)}` : '';
  const refusedLater = firstRefusing ? `, refused by ${firstRefusing}` : '';
  switch (treatment) {
    case 'refuses':
      return { severity: 'error', treatment, target, brief: `refused by ${target}`, says: now };
    case 'warns':
      return { severity: 'warning', treatment, target, firstRefusing, brief: `deprecated in ${target}${refusedLater}`, says: now + later };
    case 'ignores':
      return { severity: 'warning', treatment, target, firstRefusing, brief: `ignored by ${target}${refusedLater}`, says: now + later };
    case 'accepts':
      return firstRefusing ? { severity: 'info', treatment, target, firstRefusing, brief: `refused by ${firstRefusing}`, says: now + later } : null;
  }
}

/** The newest release, not newer than `upTo`, that does not refuse the construct (undefined when every one does). */
export function newestNotRefusing(fact: BehaviourFact, upTo: Release = NEWEST_RELEASE): Release | undefined {
  return RELEASES.slice(0, releaseIndex(upTo) + 1).reverse().find((r) => treatmentIn(fact, r) !== 'refuses');
}

const VERB: Record<Treatment, string> = {
  accepts: 'accept it',
  warns: 'accept it with a deprecation warning',
  ignores: 'ignore it',
  refuses: 'refuse it',
};

/** "4.0 and later refuse it", "3.0-3.3 accept it with a deprecation warning", "2.8 accepts it". */
export function describeRun(fact: BehaviourFact, release: Release): string {
  const treatment = treatmentIn(fact, release);
  const oldest = releaseIndex(fact.existsFrom ?? RELEASES[0]);
  let first = releaseIndex(release);
  while (first > oldest && treatmentIn(fact, RELEASES[first - 1]!) === treatment) first--;
  let last = releaseIndex(release);
  while (last < RELEASES.length - 1 && treatmentIn(fact, RELEASES[last + 1]!) === treatment) last++;
  const verb = VERB[treatment];
  // The newest release sgconf knows is an open end: later ones are expected to keep its behaviour.
  if (last === RELEASES.length - 1) return `${RELEASES[first]} and later ${verb}`;
  if (first === last) return `${RELEASES[first]} ${singular(verb)}`;
  return `${RELEASES[first]}-${RELEASES[last]} ${verb}`;
}

function singular(verb: string): string {
  return verb.replace(/^(accept|ignore|refuse)/, '$1s');
}

/**
 * A finding under the target: its severity from the verdict, the message ending with what the target
 * does ("… (deprecated in 3.2, refused by 4.0)"), and the releases spelled out first in the detail.
 */
export function underTarget(verdict: Verdict, message: string, detail?: string): { severity: Severity; message: string; detail: string } {
  const says = verdict.says.charAt(0).toUpperCase() + verdict.says.slice(1);
  return { severity: verdict.severity, message: `${message.replace(/\.$/, '')} (${verdict.brief})`, detail: detail ? `${says}. ${detail}` : `${says}.` };
}
