// The state one conversion shares between its parts (refusals, servers and identities, the bootstrap
// config, the database configs): the result being built and how findings and dropped fields are recorded.
import { isObject, type JsonObject, type JsonValue, type RawDiagnostic, type Severity } from '../types.js';
import { bareReferenceIndex } from './dialect.js';
import type { ConversionResult, ConvertOptions, DroppedField } from './types.js';

export const CONVERT_RULES = {
  notLegacy: 'convert/not-legacy',
  unreadable: 'convert/unreadable',
  noDatabases: 'convert/no-databases',
  missingServer: 'convert/missing-server',
  serverAddress: 'convert/server-address',
  serverMismatch: 'convert/server-mismatch',
  tlsRequired: 'convert/tls-required',
  bucketCollision: 'convert/bucket-collision',
  sgReplicate: 'convert/sg-replicate',
  persistentConfigDisabled: 'convert/persistent-config-disabled',
  replicationId: 'convert/replication-id',
  functionSource: 'convert/function-source',
  droppedField: 'convert/dropped-field',
  sharedBucketAccess: 'convert/shared-bucket-access',
  credentials: 'convert/credentials',
  envReference: 'convert/env-reference',
  overwrittenValue: 'convert/overwritten-value',
  outputInvalid: 'convert/output-invalid',
  buildInput: 'convert/build-input',
} as const;

export type Report = (rule: string, severity: Severity, pointer: string, message: string, target?: 'key') => void;
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
}

export function createConversion(options: ConvertOptions, writtenKey: (pointer: string) => string): Conversion {
  const diagnostics: RawDiagnostic[] = [];
  const dropped: DroppedField[] = [];
  const report: Report = (rule, severity, pointer, message, target) =>
    diagnostics.push({ rule, severity, pointer, message, ...(target ? { target } : {}) });
  const drop: Drop = (pointer, severity, reason, label) => {
    dropped.push({ pointer, reason });
    report(CONVERT_RULES.droppedField, severity, pointer, `${label} is not written to the 3.x configs: ${reason}`, 'key');
  };
  const result: ConversionResult = {
    bootstrap: {}, databases: {}, principals: {}, dropped, diagnostics, identityFrom: null, credentialsFor: [],
    writtenPointer: (p) => p,
  };
  const bare = options.bareReferences ?? [];
  const refText = (value: JsonValue | undefined) => {
    const i = bareReferenceIndex(value);
    return i === undefined ? undefined : bare[i] ?? '$?';
  };
  return { options, result, report, drop, bare, refText, writtenKey };
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
