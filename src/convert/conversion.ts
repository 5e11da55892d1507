// The state one conversion shares between its parts (refusals, servers and identities, the bootstrap
// config, the database configs): the result being built and how findings and dropped fields are recorded.
import { isObject, type JsonObject, type JsonValue, type RawDiagnostic, type Severity } from '../types.js';
import { bareReferenceIndex } from './dialect.js';
import type { ConversionResult, ConvertOptions, DroppedField } from './types.js';
import { DECISION_SOURCES, isTaken, type Decision, type DecisionChoice, type DecisionId } from './decisions.js';

export { CONVERT_RULES } from './rule-ids.js';
import { CONVERT_RULES } from './rule-ids.js';
import { BEHAVIOUR, type BehaviourFactId } from '../releases/behaviour.js';
import { treatmentIn } from '../releases/index.js';

export type Report = (rule: string, severity: Severity, pointer: string, message: string, target?: 'key', detail?: string) => void;
export type Drop = (pointer: string, severity: Severity, reason: string, label: string) => void;

export interface Conversion {
  options: ConvertOptions;
  result: ConversionResult;
  report: Report;
  /** Records a field that is not written, with a finding that says why. */
  drop: Drop;
  /** The bare environment references as written, by index (see dialect.ts). */
  bare: readonly string[];
  /** The text of a bare reference standing as a value, or undefined. */
  refText(value: JsonValue | undefined): string | undefined;
  /** A key as the user wrote it, for messages. */
  writtenKey(pointer: string): string;
  /**
   * Asks a decision: records it (once per id) and returns the choice taken, or, while it is pending, the
   * first choice, so that the rest of the conversion runs and every other decision is asked in the same run.
   */
  decide(ask: DecisionAsk): string;
  /**
   * Every `$` of the input is text, so each is written `$$`: the input was expanded (--expand-env), or the
   * environment-references decision keeps what 2.8, which never expands, read.
   */
  dollarsAreText: boolean;
  /** Whether a decision was asked and no valid choice was given for it (the run will not write). */
  pending(id: DecisionId): boolean;
}

export interface DecisionAsk {
  id: DecisionId;
  question: string;
  choices: DecisionChoice[];
  pointer: string;
  target?: 'key';
  answers?: Decision['answers'];
}

export function createConversion(options: ConvertOptions, writtenKey: (pointer: string) => string): Conversion {
  const diagnostics: RawDiagnostic[] = [];
  const dropped: DroppedField[] = [];
  const report: Report = (rule, severity, pointer, message, target, detail) =>
    diagnostics.push({ rule, severity, pointer, message, ...(target ? { target } : {}), ...(detail ? { detail } : {}) });
  const drop: Drop = (pointer, severity, reason, label) => {
    dropped.push({ pointer, reason });
    report(CONVERT_RULES.droppedField, severity, pointer, `${label} is not written to the 3.x configs`, 'key', `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
  };
  const result: ConversionResult = {
    bootstrap: {}, databases: {}, principals: {}, dropped, diagnostics, identityFrom: null, credentialsFor: [], decisions: [],
    writtenPointer: (p) => p,
  };
  const decide = (ask: DecisionAsk): string => {
    let decision = result.decisions.find((d) => d.id === ask.id);
    if (!decision) {
      const given = options.decisions?.get(ask.id);
      decision = {
        id: ask.id, question: ask.question, choices: ask.choices, pointer: ask.pointer, ...(ask.target ? { target: ask.target } : {}),
        source: DECISION_SOURCES[ask.id], answers: ask.answers ?? [],
        ...(given !== undefined ? { taken: given } : {}),
      };
      result.decisions.push(decision);
    }
    return isTaken(decision) ? decision.taken! : decision.choices[0]!.id;
  };
  const pending = (id: DecisionId) => result.decisions.some((d) => d.id === id && !isTaken(d));
  const bare = options.bareReferences ?? [];
  const refText = (value: JsonValue | undefined) => {
    const i = bareReferenceIndex(value);
    return i === undefined ? undefined : bare[i] ?? '$?';
  };
  return { options, result, report, drop, bare, refText, writtenKey, decide, pending, dollarsAreText: options.expanded ?? false };
}

/** After expansion every `$` is literal; the gateway expands the written configs again, so escape it. */
export function escapeDollars(value: JsonObject | JsonValue[]): void {
  const entries: [string | number, JsonValue][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    const set = (nv: JsonValue) => { if (Array.isArray(value)) value[k as number] = nv; else value[k as string] = nv; };
    if (typeof v === 'string') set(v.replace(/\$/g, '$$$$'));
    else if (Array.isArray(v) || isObject(v)) escapeDollars(v);
  }
}

/** Whether the release the conversion writes for refuses a construct of src/releases/behaviour.ts. */
export function targetRefuses(options: ConvertOptions, fact: BehaviourFactId): boolean {
  return options.target !== undefined && treatmentIn(BEHAVIOUR.get(fact)!, options.target) === 'refuses';
}
