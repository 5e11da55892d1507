// The shape of every rule. A rule is data in, diagnostics out: no I/O, no printing, no global state.
import type { Fix, Kind, JsonValue, RawDiagnostic, Severity, Span } from '../types.js';
import type { ResolvedFunction } from '../functions/types.js';
import type { CertificateFacts } from '../certs/types.js';
import type { Release, Verdict } from '../releases/index.js';
import type { BehaviourFactId } from '../releases/behaviour.js';

export interface RuleMeta {
  /** Stable id, `<group>/<name>`; the module lives at src/rules/<group>/<name>.ts. */
  id: string;
  /** Default severity (the tool config can change it or turn the rule off). */
  severity: Severity;
  /** Kinds of input this rule applies to. */
  kinds: readonly Kind[];
  /** One sentence: what it catches. */
  description: string;
  /**
   * Set when the diagnostics of this id are emitted by a pipeline stage rather than by `check`
   * (for example `schema/*` by src/schema/validate.ts). The module then only declares the id.
   */
  emittedBy?: string;
  /**
   * 'function': `check` looks only at `context.functions`, one function at a time. The pipeline then
   * runs it once per function, right after that function is parsed, with `functions` holding just that
   * function, and drops the syntax tree afterwards (so that a config with thousands of functions never
   * holds all their trees at once). Default 'document': run once with everything.
   */
  scope?: 'document' | 'function';
  /**
   * The release facts (src/releases/behaviour.ts) whose verdict gives this rule's severity under the target;
   * absent for rules whose findings are the same for every release.
   */
  facts?: readonly BehaviourFactId[];
  /**
   * Rules whose finding at the same pointer states the same fact less well (for example schema/unknown-field
   * for a removed key this rule names with its replacement): the pipeline keeps only this rule's finding.
   */
  supersedes?: readonly string[];
}

export interface ReportDescriptor {
  /** Canonical pointer (keys spelled as in the schema) of the value the finding is about. */
  pointer: string;
  /** One sentence, at most about 120 characters: what is wrong (and, where it matters, for which release). */
  message: string;
  /** Why it matters and how to fix it. */
  detail?: string;
  /** A fix that keeps what the target does with the config (listed, with why it is safe, in the rule's docs). */
  fix?: Fix;
  /** Point at the key rather than the value. */
  target?: 'key' | 'value';
  /** Override the rule's default severity for this one finding (rare: for rules with graded findings). */
  severity?: Severity;
}

export interface FunctionReportDescriptor {
  fn: ResolvedFunction;
  /** Offsets inside `fn.source`. */
  span: Span;
  message: string;
  detail?: string;
  severity?: Severity;
}

export interface Settings {
  /** 'ee' (default, what most production fleets run) or 'ce'. */
  edition: 'ee' | 'ce';
  /** This machine is the gateway host (--host): absolute file paths in the config must exist here. */
  host: boolean;
}

export interface RuleContext {
  kind: Kind;
  /** The parsed document with keys in their canonical spelling (the gateway matches keys case-insensitively). */
  document: JsonValue;
  /** Functions found and resolved by the functions stage (empty when the stage found none). */
  functions: readonly ResolvedFunction[];
  /** Facts about certificate and key files named in the config (read by the certs stage). */
  certificates: readonly CertificateFacts[];
  settings: Settings;
  /** The gateway release the config is judged for (`--target`). */
  target: Release;
  /** The moment the findings are about (a certificate's validity), in milliseconds since the epoch: one clock reading per run. */
  now: number;
  /**
   * What the target does with a construct of src/releases/behaviour.ts: the severity to report it with
   * and a clause naming the releases ("4.0 and later refuse it"), or null when no release the user can
   * reach refuses, warns about or ignores it (nothing to report).
   */
  judge(fact: BehaviourFactId): Verdict | null;
  /** Whether the target upgrades a legacy config at start, without the database validation (3.0 and later). */
  upgradesLegacyConfigs: boolean;
  /**
   * Whether the value at a pointer holds an environment reference as written (`${DB_PASSWORD}`): the
   * gateway's environment supplies it, whatever this machine's says. Always false where the target reads
   * `$` as text.
   */
  holdsEnvironmentReference(pointer: string): boolean;
  report(descriptor: ReportDescriptor): void;
  reportInFunction(descriptor: FunctionReportDescriptor): void;
}

export interface Rule extends RuleMeta {
  check?(context: RuleContext): void;
}

export type { RawDiagnostic };
export type { JsonValue };
