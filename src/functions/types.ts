// Types of the functions stage: where JavaScript lives in a config, and what it resolved to.
import type { Node } from 'acorn';
import type { JavaScriptRole } from '../releases/function-compiling.js';

/** An acorn (ESTree) node with its fields reachable without a cast per field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsNode = Node & { [field: string]: any };

/** The kinds of function a config holds (their release facts are keyed by them). */
export type FunctionRole = JavaScriptRole;

/** A field of the config that holds JavaScript. */
export interface FunctionSite {
  /** Canonical pointer of the string value. */
  pointer: string;
  role: FunctionRole;
  /** The string as written in the config (after dialect decoding). */
  value: string;
  /** For webhook filters: the event the handler is attached to (decides the arity). */
  event?: 'document_changed' | 'db_state_changed';
  /** Database name for legacy configs (the map key), else undefined. */
  database?: string;
  /** Whether the gateway resolves this value as file path / URL (reference 6.3); collection functions are always inline. */
  resolvable: boolean;
}

export type FunctionOrigin = 'inline' | 'file' | 'url';

/** Where a position inside a function's source lands: the config file itself, or an external file. */
export interface SourcePosition {
  /** Undefined for the config file itself. */
  file?: string;
  /** Text of the external file (to compute line/column). */
  fileText?: string;
  /** Offset in the original bytes of the config file (file undefined) or in the external file. */
  offset: number;
}

export interface ResolvedFunction extends FunctionSite {
  origin: FunctionOrigin;
  /** File path or URL for file/url origins. */
  location?: string;
  /** The JavaScript source, or null when it could not be resolved. */
  source: string | null;
  /** The parsed function expression (acorn, ES5) the gateway calls, or null when resolution or parsing failed. */
  functionNode: JsNode | null;
  /**
   * Map an offset inside `source` to a position in the config file or in the external file;
   * null when the position is unknown (then a diagnostic falls back to the pointer).
   */
  locate(offset: number): SourcePosition | null;
  /** Why a URL or file was deliberately not read (remote sources off, a host or path not allowed). */
  notRead?: string;
  /** The database's `unsupported.remote_config_tls_skip_verify` (https sources only). */
  tlsSkipVerify?: boolean;
}
