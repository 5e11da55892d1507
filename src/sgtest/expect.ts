// A case's expectations against what the function did: exact lists and maps, parts of them, parts of a
// message in any order, each require* call in order. A failure says where expected and actual differ.
import { sortGoStrings } from '../sync/gateway.js';
import type { DemandCall } from '../sync/engine.js';
import type { FilePlace } from '../functions/place.js';
import type { DemandExpectation, Expectation, ListExpectation, MapExpectation } from './file.js';

export interface ActualResult {
  channels?: string[] | null;
  access?: Record<string, string[]> | null;
  roles?: Record<string, string[]> | null;
  rejected?: false | { status: number; message: string };
  expiry?: number | null;
  exception?: string;
  logs?: string[];
  errors?: string[];
  authorization?: { users: string[]; roles: string[]; channels: string[]; admin: boolean };
  /** Every require* call in call order. */
  demands?: DemandCall[];
  import?: boolean;
  /**
   * Where the Error the function threw was made (its innermost frame in the function), in the config or the
   * function's file: sgconf's own finding beside the gateway's answer, which names no place.
   */
  thrownAt?: FilePlace;
  /** Where the function called the reject() or the require* that rejected the write: sgconf's own, as thrownAt. */
  refusedAt?: FilePlace;
}

export interface Failure {
  field: string;
  expected: unknown;
  actual: unknown;
  /** Where they differ: the members missing and extra, or the first differing part of two texts. */
  difference?: string;
}

/** Every expectation the case states, against what happened. */
export function compare(expect: Expectation, actual: ActualResult): Failure[] {
  const failures: Failure[] = [];
  const fail = (field: string, expected: unknown, got: unknown, difference?: string) => failures.push({ field, expected, actual: got, ...(difference ? { difference } : {}) });
  if (expect.channels !== undefined) {
    const problem = listProblem(expect.channels, actual.channels ?? null);
    if (problem !== null) fail('channels', 'exact' in expect.channels ? sorted(expect.channels.exact) : expect.channels, actual.channels ?? null, problem);
  }
  for (const field of ['access', 'roles'] as const) {
    const want = expect[field];
    if (want === undefined) continue;
    const problem = mapProblem(want, actual[field] ?? null);
    if (problem !== null) fail(field, 'exact' in want ? want.exact : want, actual[field] ?? null, problem);
  }
  if (expect.rejected !== undefined) {
    const got = actual.rejected ?? false;
    const want = expect.rejected;
    if (want === false) {
      if (got !== false) fail('rejected', false, got);
    } else if (got === false || got.status !== want.status) {
      fail('rejected', want, got);
    } else if (want.message !== undefined && got.message !== want.message) {
      fail('rejected', want, got, textDifference(want.message, got.message));
    } else if (want.messageIncludes !== undefined) {
      const missing = want.messageIncludes.filter((part) => !got.message.includes(part));
      if (missing.length > 0) fail('rejected', want, got, `the message lacks ${quoteList(missing)}`);
    }
  }
  if (expect.expiry !== undefined && (actual.expiry ?? null) !== expect.expiry) fail('expiry', expect.expiry, actual.expiry ?? null);
  if (expect.exception !== undefined) {
    const text = actual.exception ?? '';
    const missing = expect.exception.filter((part) => !text.includes(part));
    if (missing.length > 0) fail('exception', expect.exception.length === 1 ? expect.exception[0] : expect.exception, text, text === '' ? 'there was no exception' : `the exception lacks ${quoteList(missing)}`);
  }
  if (expect.logs !== undefined) {
    const logs = actual.logs ?? [];
    const missing = expect.logs.filter((wanted) => !logs.some((line) => line.includes(wanted)));
    if (missing.length > 0) fail('logs', expect.logs, logs, `no log line holds ${quoteList(missing)}`);
  }
  if (expect.authorization !== undefined) {
    const got = actual.authorization ?? { users: [], roles: [], channels: [], admin: false };
    const want = expect.authorization;
    const differences = (['users', 'roles', 'channels'] as const).flatMap((key) => {
      const problem = want[key] === undefined ? null : setDifference(want[key]!, got[key]);
      return problem === null ? [] : [`${key}: ${problem}`];
    });
    if (want.admin !== undefined && want.admin !== got.admin) differences.push(`admin: ${got.admin}`);
    if (differences.length > 0) fail('authorization', want, got, differences.join('; '));
  }
  if (expect.demands !== undefined) {
    const got = actual.demands ?? [];
    const problem = demandsProblem(expect.demands, got);
    if (problem !== null) fail('demands', expect.demands, got.map(demandOf), problem);
  }
  if (expect.import !== undefined && actual.import !== expect.import) fail('import', expect.import, actual.import ?? null);
  return failures;
}

/** Null when the list meets the expectation, else where it does not. */
function listProblem(want: ListExpectation, got: readonly string[] | null): string | null {
  const list = got ?? [];
  if ('exact' in want) return got === null ? 'no channels were assigned (the write was refused)' : setDifference(want.exact, list);
  return partsProblem(want.includes, want.excludes, list);
}

/** A map's own list under a name (a user may be called "constructor"). */
function ownList(map: Record<string, string[]> | undefined, name: string): string[] | undefined {
  return map && Object.prototype.hasOwnProperty.call(map, name) ? map[name] : undefined;
}

/** Null when `list` holds every member of `includes` and none of `excludes`, else which do not. */
function partsProblem(includes: readonly string[] = [], excludes: readonly string[] = [], list: readonly string[]): string | null {
  const missing = includes.filter((m) => !list.includes(m));
  const present = excludes.filter((m) => list.includes(m));
  const parts = [missing.length > 0 ? `missing ${quoteList(missing)}` : '', present.length > 0 ? `holds ${quoteList(present)}, which it must not` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : null;
}

function mapProblem(want: MapExpectation, got: Record<string, string[]> | null): string | null {
  const map = got ?? {};
  if ('exact' in want) {
    if (got === null) return 'nothing was granted (the write was refused)';
    const names = [...new Set([...Object.keys(want.exact), ...Object.keys(map)])].sort();
    const problems = names.flatMap((name) => {
      const problem = setDifference(ownList(want.exact, name) ?? [], ownList(map, name) ?? []);
      return problem === null ? [] : [`${name}: ${problem}`];
    });
    return problems.length > 0 ? problems.join('; ') : null;
  }
  const names = [...new Set([...Object.keys(want.includes ?? {}), ...Object.keys(want.excludes ?? {})])];
  const problems = names.flatMap((name) => {
    const problem = partsProblem(ownList(want.includes, name), ownList(want.excludes, name), ownList(map, name) ?? []);
    return problem === null ? [] : [`${name}: ${problem}`];
  });
  return problems.length > 0 ? problems.join('; ') : null;
}

/** Null when the two hold the same members, else the missing and the extra ones. */
function setDifference(want: readonly string[], got: readonly string[]): string | null {
  const missing = sorted(want.filter((m) => !got.includes(m)));
  const extra = sorted(got.filter((m) => !want.includes(m)));
  if (missing.length === 0 && extra.length === 0) return null;
  return [missing.length > 0 ? `missing ${quoteList(missing)}` : '', extra.length > 0 ? `extra ${quoteList(extra)}` : ''].filter(Boolean).join('; ');
}

function demandOf(call: DemandCall): DemandExpectation {
  return call.kind === 'admin' ? { admin: true } : ({ [call.kind]: call.values } as DemandExpectation);
}

function demandsProblem(want: readonly DemandExpectation[], got: readonly DemandCall[]): string | null {
  const length = Math.max(want.length, got.length);
  for (let i = 0; i < length; i++) {
    const w = want[i];
    const g = got[i];
    const nth = `call ${i + 1}`;
    if (!w) return `${nth} (${describeCall(g!)}) was not expected`;
    if (!g) return `${nth} (${describeDemand(w)}) was not made`;
    const kind = Object.keys(w)[0] as DemandCall['kind'];
    if (kind !== g.kind) return `${nth} is ${describeCall(g)}, not ${describeDemand(w)}`;
    if (kind !== 'admin') {
      const problem = setDifference((w as Record<string, string[]>)[kind]!, g.values);
      if (problem !== null) return `${nth} (${describeCall(g)}): ${problem}`;
    }
  }
  return null;
}

const HELPER = { users: 'requireUser', roles: 'requireRole', channels: 'requireAccess', admin: 'requireAdmin' } as const;

function describeCall(call: DemandCall): string {
  return call.kind === 'admin' ? 'requireAdmin()' : `${HELPER[call.kind]}(${JSON.stringify(call.values)})`;
}

function describeDemand(demand: DemandExpectation): string {
  const kind = Object.keys(demand)[0] as DemandCall['kind'];
  return describeCall({ kind, values: kind === 'admin' ? [] : (demand as Record<string, string[]>)[kind]! });
}

/** Where two texts first differ, with a little context either side: a 300-character message is not read whole. */
export function textDifference(want: string, got: string): string {
  let start = 0;
  while (start < want.length && start < got.length && want[start] === got[start]) start++;
  let end = 0;
  while (end < want.length - start && end < got.length - start && want[want.length - 1 - end] === got[got.length - 1 - end]) end++;
  const context = 12;
  const excerpt = (text: string) => {
    const from = Math.max(0, start - context);
    const to = Math.min(text.length, text.length - end + context);
    return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
  };
  return `they differ from character ${start + 1}: expected ${JSON.stringify(excerpt(want))}, got ${JSON.stringify(excerpt(got))}`;
}

function quoteList(items: readonly string[]): string {
  return items.map((item) => JSON.stringify(item)).join(', ');
}

function sorted(list: readonly string[]): string[] {
  return sortGoStrings([...new Set(list)]);
}
