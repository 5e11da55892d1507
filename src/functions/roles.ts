// What each function role gets from the gateway (reference 6.1): its parameters and its helper functions.
import type { FunctionRole, FunctionSite, ResolvedFunction } from './types.js';

/** Helpers the sync function gets from the gateway's wrapper (reference 6.1). */
export const SYNC_HELPERS = [
  'channel', 'access', 'role', 'expiry', 'reject', 'requireAccess', 'requireRole', 'requireUser', 'requireAdmin',
] as const;

/** Functions and objects the gateway defines for each role (beyond the JavaScript globals). */
export function roleBuiltins(role: FunctionRole): readonly string[] {
  switch (role) {
    case 'sync': return [...SYNC_HELPERS, '_', 'console'];
    case 'conflict_resolver': return ['defaultPolicy', 'console'];
    default: return ['console'];
  }
}

/** Helpers that exist only in one role: calling them elsewhere is a ReferenceError at run time. */
export const ROLE_ONLY_HELPERS: ReadonlyMap<string, FunctionRole> = new Map<string, FunctionRole>([
  ...SYNC_HELPERS.map((name) => [name, 'sync'] as [string, FunctionRole]),
  ['defaultPolicy', 'conflict_resolver'],
]);

/** The parameters the gateway passes, by role (and event for webhook filters). */
export function roleParameters(site: Pick<FunctionSite, 'role' | 'event'>): readonly string[] | null {
  switch (site.role) {
    case 'sync': return ['doc', 'oldDoc', 'meta'];
    case 'import_filter': return ['doc'];
    case 'webhook_filter': return site.event === 'db_state_changed' ? ['stateDoc'] : ['doc', 'oldDoc'];
    case 'conflict_resolver': return ['conflict'];
    case 'user_function': return null;
  }
}

const ROLE_NAMES: Record<FunctionRole, string> = {
  sync: 'sync function',
  import_filter: 'import filter',
  webhook_filter: 'webhook filter',
  conflict_resolver: 'conflict resolver',
  user_function: 'user function',
};

export function roleName(role: FunctionRole): string {
  return ROLE_NAMES[role];
}

/** "inline sync function", "webhook filter (db_state_changed) from file ./f.js", "conflict resolver from URL https://…". */
export function describeFunction(fn: Pick<ResolvedFunction, 'role' | 'event' | 'origin' | 'location'>): string {
  const name = roleName(fn.role) + (fn.role === 'webhook_filter' && fn.event ? ` (${fn.event})` : '');
  if (fn.origin === 'file') return `${name} from file ${fn.location ?? ''}`.trimEnd();
  if (fn.origin === 'url') return `${name} from URL ${fn.location ?? ''}`.trimEnd();
  return `inline ${name}`;
}

/** The strings Go's strconv.ParseBool accepts (what filter results may be, besides booleans). */
export const BOOLEAN_STRINGS: ReadonlySet<string> = new Set(['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False']);

/** ECMAScript 5.1 globals plus what otto adds; a call to one of these is never "undefined". */
export const JS_GLOBALS: ReadonlySet<string> = new Set([
  'Object', 'Function', 'Array', 'String', 'Boolean', 'Number', 'Math', 'Date', 'RegExp', 'JSON',
  'Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'decodeURI', 'decodeURIComponent', 'encodeURI',
  'encodeURIComponent', 'escape', 'unescape', 'eval', 'NaN', 'Infinity', 'undefined', 'console',
]);
