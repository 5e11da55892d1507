import type { Release } from '../releases/index.js';
import type { Decision, TakenDecisions } from './decisions.js';
// Types of the converter: what the pure conversion takes and returns.
import type { JsonObject, RawDiagnostic } from '../types.js';

/** A function value that named a file or a URL, already read by the caller (the pure part does no I/O). */
export interface ResolvedSource {
  origin: 'file' | 'url';
  /** The path or URL as the config wrote it. */
  location: string;
  /** The JavaScript text, or null when it could not be read. */
  source: string | null;
  /** Why it could not be read. */
  error?: string;
}

export interface ConvertOptions {
  /** `--group-id`: wins over `config_upgrade_group_id`. */
  groupId?: string;
  /** Function values that named files or URLs, by canonical pointer (as the lint pipeline resolved them). */
  functionSources?: ReadonlyMap<string, ResolvedSource>;
  /** The input was parsed with environment expansion on (`--expand-env`). */
  expanded?: boolean;
  /** Raw text of environment references written bare in the source (placeholder index -> text). */
  bareReferences?: readonly string[];
  /** The release the output is for. */
  target?: Release;
  /** Choices given for the conversion's decisions, by decision id. */
  decisions?: TakenDecisions;
}

export interface Principals {
  users: JsonObject;
  roles: JsonObject;
}

export interface DroppedField {
  /** Pointer into the legacy config. */
  pointer: string;
  /** Why it has no place in the output. */
  reason: string;
}

export interface ConversionResult {
  bootstrap: JsonObject;
  /** Database configs by name, in file order. */
  databases: Record<string, JsonObject>;
  /** Users and roles by database name (databases without any have no entry). */
  principals: Record<string, Principals>;
  dropped: DroppedField[];
  diagnostics: RawDiagnostic[];
  /** The database whose credentials became the bootstrap identity. */
  identityFrom: string | null;
  /** Databases whose credentials went to `database_credentials`. */
  credentialsFor: string[];
  /** Every decision the conversion asked, in the order met, with the choice taken if one was given. */
  decisions: Decision[];
  /** A pointer into the input with canonical keys, spelled as the input wrote its keys. */
  writtenPointer(pointer: string): string;
}
