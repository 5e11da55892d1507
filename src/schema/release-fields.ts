// The schema stage's second step: the compiled validators describe the newest release; this step makes
// the verdict about fields the target release knows differently (src/releases/fields.ts): a field the
// target does not know is an error that says when it was added or removed, and a field the newest release
// no longer knows but the target does is no longer reported.
import { valuesAt } from '../document/databases.js';
import { joinPointer, splitPointer, type JsonValue, type Kind, type RawDiagnostic } from '../types.js';
import { compareReleases, NEWEST_RELEASE, RELEASES, type Release } from '../releases/index.js';
import { RELEASE_FIELDS } from '../releases/fields.js';
import { belowDatabase, deprecatedFor, deprecatedMoveOf } from '../releases/deprecations.js';
import { placeOf } from './validate.js';

interface FieldSpan {
  /** Lower-case path segments (`*` = any key or index). */
  segments: string[];
  added: Release | null;
  removed: Release | null;
}

const byKind = new Map<Kind, FieldSpan[]>();

function fieldsOf(kind: Kind): FieldSpan[] {
  let list = byKind.get(kind);
  if (!list) {
    list = RELEASE_FIELDS.filter((row) => row[0] === kind)
      .map(([, path, added, removed]) => ({ segments: path.slice(1).toLowerCase().split('/'), added, removed }))
      // Parents first: a field under an unknown field is not reported again.
      .sort((a, b) => a.segments.length - b.segments.length);
    byKind.set(kind, list);
  }
  return list;
}

function knownTo(field: FieldSpan, target: Release): boolean {
  return (field.added === null || compareReleases(field.added, target) <= 0) && (field.removed === null || compareReleases(target, field.removed) < 0);
}

/**
 * Adjusts the schema findings of a canonical document for `target`, in place: adds `schema/unknown-field`
 * for fields the target does not know, and drops the newest schema's unknown-field findings for fields the
 * target knows.
 */
export function applyReleaseFields(kind: Kind, doc: JsonValue, target: Release, diagnostics: RawDiagnostic[]): void {
  // The findings by pointer, indexed only when a field the target does not know is met (a config of a
  // million unknown keys for the newest release never needs it).
  let unknownAt: Map<string, RawDiagnostic> | null = null;
  const unknownFinding = (pointer: string): RawDiagnostic | undefined => {
    if (!unknownAt) {
      unknownAt = new Map();
      for (const d of diagnostics) if (d.rule === 'schema/unknown-field') unknownAt.set(d.pointer, d);
    }
    return unknownAt.get(pointer);
  };
  const anyUnknown = diagnostics.some((d) => d.rule === 'schema/unknown-field');
  const reported: string[] = [];
  const knownHere = new Set<string>();
  const newest = target === NEWEST_RELEASE;
  for (const field of fieldsOf(kind)) {
    const known = knownTo(field, target);
    // Known to the target and to the newest release: the compiled schema already agrees.
    if (known && (newest || knownTo(field, NEWEST_RELEASE))) continue;
    if (known && !anyUnknown) continue;
    for (const { pointer } of valuesAt(doc, field.segments)) {
      if (known) {
        knownHere.add(pointer);
        continue;
      }
      if (reported.some((p) => pointer.startsWith(p + '/'))) continue;
      reported.push(pointer);
      const { message, detail } = unknownFieldMessage(kind, pointer, field, target);
      const existing = unknownFinding(pointer);
      if (existing) Object.assign(existing, { message, detail });
      else diagnostics.push({ rule: 'schema/unknown-field', severity: 'error', message, detail, pointer, target: 'key' });
    }
  }
  if (knownHere.size === 0) return;
  for (let i = diagnostics.length - 1; i >= 0; i--) {
    const d = diagnostics[i]!;
    if (d.rule === 'schema/unknown-field' && knownHere.has(d.pointer)) diagnostics.splice(i, 1);
  }
}

function unknownFieldMessage(kind: Kind, pointer: string, field: FieldSpan, target: Release): { message: string; detail: string } {
  const tokens = splitPointer(pointer);
  const key = tokens[tokens.length - 1]!;
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  const where = placeOf(kind, parent);
  if (field.added !== null && compareReleases(target, field.added) < 0) {
    return { message: `unknown field "${key}" ${where} for ${target} (added in ${field.added})`, detail: `${target} refuses the config. Remove it, or run ${field.added} or later.` };
  }
  return { message: `unknown field "${key}" ${where} for ${target} (removed in ${field.removed})`, detail: `${target} refuses the config. Remove it.` };
}

/** 2.8 reads legacy configs only; 3.x startup and database configs are unknown to it. */
export function kindUnknownToTarget(kind: Kind, target: Release): RawDiagnostic | null {
  if (kind === 'legacy' || compareReleases(target, '3.0') >= 0) return null;
  const what = kind === 'bootstrap' ? 'startup (bootstrap) config' : 'database config';
  return {
    rule: 'schema/kind-unknown-to-target', severity: 'error', pointer: '',
    message: `this is a ${what}, which ${target} cannot read (added in 3.0)`,
    detail: `Judge it for the release that will load it (--target 3.0 or later), or keep a legacy config for ${target}.`,
  };
}

/**
 * A deprecation is news only where the target has it. Under a target that does not know the field a
 * deprecated key is to be replaced with ("Use index.num_replicas instead", new in 3.3), the old key is the
 * only way to say it; a field with no replacement that the target still reads and acts on (pool for 2.8:
 * src/releases/deprecations.ts) is no deprecation there. Either schema/deprecated finding is dropped.
 */
export function dropDeprecationsNotInTarget(kind: Kind, target: Release, diagnostics: RawDiagnostic[]): void {
  for (let i = diagnostics.length - 1; i >= 0; i--) {
    const d = diagnostics[i]!;
    if (d.rule !== 'schema/deprecated') continue;
    const below = belowDatabase(kind, splitPointer(d.pointer));
    if (below && !deprecatedFor(below.keys, target)) {
      diagnostics.splice(i, 1);
      continue;
    }
    // The replacement of a database field, from the moves' data (query_limit's is at the database's root);
    // any other, from the message, beside the deprecated key.
    const move = below && deprecatedMoveOf(below.keys);
    const replacement = below && move ? joinPointer('', ...below.database, ...move.to) : replacementBeside(d);
    if (replacement !== null && !fieldKnownTo(kind, replacement, target)) diagnostics.splice(i, 1);
  }
}

/** The field a deprecation's detail names ("Use remote_username instead"), beside the deprecated key; null for none. */
function replacementBeside(d: RawDiagnostic): string | null {
  const named = /\bUse ([\w.]+) instead\b/.exec(d.detail ?? '')?.[1];
  return named ? joinPointer('', ...splitPointer(d.pointer).slice(0, -1), ...named.split('.')) : null;
}

/** The releases that know the field at a pointer ("3.3 and later", "2.8 only"), for the editor's hover. */
export function releasesKnowing(kind: Kind, pointer: string): string {
  const field = fieldSpanAt(kind, pointer);
  // Startup and database configs exist from 3.0 (kindUnknownToTarget); legacy files from the oldest release.
  const readers = RELEASES.filter((r) => kind === 'legacy' || compareReleases(r, '3.0') >= 0);
  if (!field) return `${readers[0]} and later`;
  const known = readers.filter((r) => knownTo(field, r));
  if (known.length === 0) return 'no release sgconf judges for';
  const last = known[known.length - 1]!;
  return last === NEWEST_RELEASE ? `${known[0]} and later` : known.length === 1 ? `${known[0]} only` : `${known[0]}-${last}`;
}

/** Whether the target knows the field at a pointer (a field the release data does not list: every release does). */
export function fieldKnownTo(kind: Kind, pointer: string, target: Release): boolean {
  const field = fieldSpanAt(kind, pointer);
  return !field || knownTo(field, target);
}

/** The release span of the field at a concrete pointer (keys compared case-insensitively), if the data lists it. */
function fieldSpanAt(kind: Kind, pointer: string): FieldSpan | undefined {
  const segments = splitPointer(pointer).map((s) => s.toLowerCase());
  return fieldsOf(kind).find((f) => f.segments.length === segments.length && f.segments.every((s, j) => s === '*' || s === segments[j]));
}
