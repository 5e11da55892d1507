// Decisions of a conversion: where a faithful conversion needs a choice only the config's owner can make.
// The converter asks for each one where it meets it (conversion.ts `decide`); one run lists them all, with
// stable ids, and a run that is given every choice converts. The questions and choices are data here, each
// with the gateway source that makes it a choice.
import type { RawDiagnostic } from '../types.js';
import { CONVERT_RULES } from './rule-ids.js';

export interface DecisionChoice {
  id: string;
  /** What taking it writes, and what it costs. */
  effect: string;
}

export interface Decision {
  id: string;
  question: string;
  choices: DecisionChoice[];
  /** Where in the legacy config the question comes from (canonical keys until the conversion maps it back). */
  pointer: string;
  target?: 'key';
  /** The gateway source that makes this a choice. */
  source: string;
  /** The choice given (`--decide`, `--decisions`, `--interactive`); undefined while it is pending. */
  taken?: string;
  /** Lint findings on the input that this decision answers (they are not repeated as errors). */
  answers: { rule: string; pointer?: string }[];
}

/** The decisions a conversion can ask, by id: a question and where it comes from. */
export const DECISION_SOURCES = {
  server: 'rest/config_legacy.go@4.1.1 (ToStartupConfig: the bootstrap config takes the first database\'s server)',
  'missing-server': 'rest/config_legacy.go@4.1.1 (ToStartupConfig skips a database without server); rest/config.go@4.1.1 (MakeBucketSpec: walrus: is an in-memory store)',
  'walrus-folder': 'base/bucket.go@3.2.0 (every walrus address opened with rosmar); couchbaselabs/rosmar bucket.go@c856107e8e78 ("walrus:" alone is a bucket in memory, any other walrus: URL is refused)',
  'server-tls': 'rest/config.go@4.1.1 (use_tls_server defaults to true; a server that is not couchbases:// is refused)',
  'shared-bucket-access': 'rest/server_context.go@4.0.7 ("sync gateway requires enable_shared_bucket_access=true")',
  'sg-replicate': 'rest/config_legacy.go@3.0.0 (root-level replications stop the gateway); db/active_replicator.go@4.1.1 (Inter-Sync Gateway Replication)',
  'environment-references': 'rest/config.go@3.0.0 (expandEnv over the whole file; "$$" is a "$"); 2.8.0 has no expansion',
  'old-logging': 'rest/config.go@2.8.0 (deprecatedConfigLoggingFallback reads log, logFilePath, logging.default); rest/config_legacy.go@4.1.1 (the upgrade does not carry them)',
  'guest-enabled': 'db/users.go@2.8.3 (a missing "disabled" enables the guest at every start); db/users.go@3.0.0 and auth/principal.go@4.1.1 (applied only when set; a new database\'s guest is disabled, auth/user.go@4.1.1)',
} as const;

export type DecisionId = keyof typeof DECISION_SOURCES;

/** Choices given on the command line or in a file, by decision id. */
export type TakenDecisions = ReadonlyMap<string, string>;

/** The finding that stands for a pending decision: an error at the place the question comes from. */
export function pendingDiagnostic(decision: Decision): RawDiagnostic {
  return {
    rule: CONVERT_RULES.decisionNeeded, severity: 'error', pointer: decision.pointer, ...(decision.target ? { target: decision.target } : {}),
    message: `decision ${decision.id}: ${decision.question}`,
    detail: `Choices: ${decision.choices.map((c) => c.id).join(', ')} (what each does is listed below the report, and in --format json). Source: ${decision.source}.`,
  };
}

/** Choices given that the input never asks for, listed one by one; past this, one finding counts the rest. */
const LISTED_UNUSED_CHOICES = 20;

/**
 * The findings for choices given that this input never asks for: a warning each (a typo, or a stale
 * decisions file), the first LISTED_UNUSED_CHOICES of them, then one that counts the others.
 */
export function unusedChoices(taken: TakenDecisions, asked: readonly Decision[]): RawDiagnostic[] {
  const ids = new Set(asked.map((d) => d.id));
  const unused = [...taken.keys()].filter((id) => !ids.has(id));
  const detail = asked.length > 0 ? `It asks: ${asked.map((d) => d.id).join(', ')}.` : 'It asks no decision.';
  const finding = (message: string): RawDiagnostic => ({ rule: CONVERT_RULES.decisionUnused, severity: 'warning', pointer: '', message, detail });
  const listed = unused.slice(0, LISTED_UNUSED_CHOICES).map((id) => finding(`decision "${id}" was given but this conversion does not ask it`));
  const more = unused.length - listed.length;
  return more > 0 ? [...listed, finding(`and ${more} more decisions were given that this conversion does not ask, not listed (the first ${LISTED_UNUSED_CHOICES} are)`)] : listed;
}

/** The list of pending decisions printed below a stylish report: each question, and each choice with its effect. */
export function pendingDecisionsText(decisions: readonly Decision[]): string {
  if (decisions.length === 0) return '';
  const lines = [`${decisions.length} decision${decisions.length === 1 ? '' : 's'} to take (--decide ID=CHOICE, --decisions FILE, or --interactive on a terminal):`];
  for (const d of decisions) {
    lines.push(`  ${d.id}: ${d.question}`);
    const width = Math.max(...d.choices.map((c) => c.id.length));
    for (const c of d.choices) lines.push(`    ${c.id.padEnd(width)}  ${c.effect}`);
  }
  return lines.join('\n') + '\n';
}

/** Reads a --decide value: `<id>=<choice>`; undefined when it has no `=` or an empty side. */
export function parseDecide(text: string): [string, string] | undefined {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1) return undefined;
  return [text.slice(0, at).trim(), text.slice(at + 1).trim()];
}

/**
 * Reads a parsed --decisions file: an object from decision id to choice, where a choice is a string or,
 * as decisions.json writes it, an object with a "choice". Returns the problem as a sentence otherwise.
 */
export function decisionsFromValue(value: unknown): Map<string, string> | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'it is not an object from decision id to choice';
  const out = new Map<string, string>();
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const choice = typeof entry === 'string' ? entry
      : entry !== null && typeof entry === 'object' && typeof (entry as Record<string, unknown>).choice === 'string' ? (entry as Record<string, string>).choice : undefined;
    if (choice === undefined || choice === '') return `the decision "${id}" has no choice (a string, or an object with "choice")`;
    out.set(id, choice);
  }
  return out;
}

/** A choice was given, and it is one of the decision's. */
export function isTaken(decision: Decision): boolean {
  return decision.choices.some((c) => c.id === decision.taken);
}
