// Key normalisation: the gateway matches keys case-insensitively (reference 1.4), so every key that
// matches a schema property in another case is renamed to the schema's spelling. Rules and the
// validator then read one spelling. `toOriginalPointer` maps a canonical pointer back to the keys as written.
import type { Fix, JsonValue, Kind, RawDiagnostic } from '../types.js';
import { escapePointerToken, getAtPointer, isObject, joinPointer, setOwn, splitPointer } from '../types.js';
import { belowDatabase, deprecatedMove, deprecatedRemoval } from '../releases/deprecations.js';
import { loadSchema, SchemaWalker, type SchemaNode } from './schemas.js';

export interface NormalizedDocument {
  value: JsonValue;
  toOriginalPointer(pointer: string): string;
  diagnostics: RawDiagnostic[];
}

const walkers = new Map<Kind, SchemaWalker>();
export function walkerFor(kind: Kind): SchemaWalker {
  let w = walkers.get(kind);
  if (!w) {
    w = new SchemaWalker(loadSchema(kind));
    walkers.set(kind, w);
  }
  return w;
}

interface PropertyIndex {
  exact: Record<string, SchemaNode>;
  folded: Map<string, string>;
}
const indexCache = new WeakMap<SchemaNode, PropertyIndex>();

function propertyIndex(node: SchemaNode): PropertyIndex {
  let index = indexCache.get(node);
  if (!index) {
    const exact = node.properties ?? {};
    const folded = new Map<string, string>();
    for (const name of Object.keys(exact)) folded.set(name.toLowerCase(), name);
    index = { exact, folded };
    indexCache.set(node, index);
  }
  return index;
}

/**
 * The schema of member `key` of an object whose schema is `schema`, matched as the gateway matches keys:
 * exactly, then case-insensitively (a field, with its canonical spelling), then by patternProperties,
 * then additionalProperties.
 */
export function memberSchema(walker: SchemaWalker, schema: SchemaNode, key: string): { schema: SchemaNode | null; canonicalKey: string; isField: boolean } {
  const { exact, folded } = propertyIndex(schema);
  if (Object.prototype.hasOwnProperty.call(exact, key)) return { schema: walker.resolve(exact[key]), canonicalKey: key, isField: true };
  const match = folded.get(key.toLowerCase());
  if (match !== undefined) return { schema: walker.resolve(exact[match]), canonicalKey: match, isField: true };
  for (const [pattern, s] of Object.entries(schema.patternProperties ?? {})) {
    if (compiledPattern(pattern).test(key)) return { schema: walker.resolve(s), canonicalKey: key, isField: false };
  }
  const map = typeof schema.additionalProperties === 'object' ? walker.resolve(schema.additionalProperties) : null;
  return { schema: map, canonicalKey: key, isField: false };
}

export function normalizeKeys(kind: Kind, value: JsonValue): NormalizedDocument {
  const walker = walkerFor(kind);
  const renames = new Map<string, string>(); // canonical pointer -> original last token
  const diagnostics: RawDiagnostic[] = [];

  const visit = (node: JsonValue, schema: SchemaNode | null, canonical: string, original: string): JsonValue => {
    if (Array.isArray(node)) {
      if (!schema) return node;
      const itemSchema = walker.resolve(schema.items as SchemaNode | undefined);
      if (!itemSchema) return node;
      let changed = false;
      const out = node.map((item, i) => {
        const next = visit(item, itemSchema, `${canonical}/${i}`, `${original}/${i}`);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : node;
    }
    if (!isObject(node) || !schema) return node;
    let out: Record<string, JsonValue> | null = null;
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const child = node[key]!;
      const { schema: childSchema, canonicalKey, isField } = memberSchema(walker, schema, key);
      const canonicalPointer = `${canonical}/${escapePointerToken(canonicalKey)}`;
      const originalPointer = `${original}/${escapePointerToken(key)}`;
      if (canonicalKey === key) renames.delete(canonicalPointer);
      if (isField && childSchema?.deprecated && typeof childSchema.description === 'string' && /^Deprecated\b/i.test(childSchema.description)) {
        diagnostics.push({ rule: 'schema/deprecated', severity: 'warning', pointer: canonicalPointer, target: 'key', message: `"${canonicalKey}" is deprecated`, detail: childSchema.description.replace(/^Deprecated:?\s*/i, '') });
      }
      // null means "not set" for a field; a null map entry stays (and is an error: the gateway crashes on it).
      const drop = isField && child === null;
      const next = drop ? undefined : visit(child, childSchema, canonicalPointer, originalPointer);
      if (canonicalKey !== key || drop || next !== child || out) {
        if (!out) {
          out = {};
          for (let k = 0; k < i; k++) assign(out, keys[k]!, node[keys[k]!]!);
        }
        if (canonicalKey !== key) {
          if (Object.prototype.hasOwnProperty.call(out, canonicalKey) || (keys.indexOf(canonicalKey) > i)) {
            diagnostics.push({
              rule: 'source/duplicate-key', severity: 'warning', pointer: canonicalPointer, writtenPointer: originalPointer, target: 'key',
              message: `"${key}" and another spelling of "${canonicalKey}" are the same key for the gateway (keys match case-insensitively); the last one wins`,
            });
          }
          renames.set(canonicalPointer, key);
        }
        if (next !== undefined) {
          delete out[canonicalKey];
          assign(out, canonicalKey, next);
        }
      }
    }
    return out ?? node;
  };

  const normalized = visit(value, walker.resolve(walker.root), '', '');
  for (const d of diagnostics) {
    if (d.rule !== 'schema/deprecated') continue;
    const fix = deprecatedFix(kind, d.pointer, normalized);
    if (fix) d.fix = fix;
  }
  return {
    value: normalized,
    diagnostics,
    toOriginalPointer(pointer: string): string {
      if (renames.size === 0 || pointer === '') return pointer;
      let canonical = '';
      let original = '';
      for (const token of splitPointer(pointer)) {
        const escaped = escapePointerToken(token);
        canonical += '/' + escaped;
        const renamed = renames.get(canonical);
        original += '/' + (renamed !== undefined ? escapePointerToken(renamed) : escaped);
      }
      return original;
    },
  };
}

const patternCache = new Map<string, RegExp>();
function compiledPattern(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) patternCache.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
}

const assign = setOwn;

/**
 * The fix of a deprecated database field (src/releases/deprecations.ts): one the gateway reads as its
 * replacement moved there (deprecatedMove), or removed where the replacement is set and wins; one with no
 * replacement that the releases reporting it do nothing with, removed (deprecatedRemoval).
 */
function deprecatedFix(kind: Kind, pointer: string, document: JsonValue): Fix | null {
  const below = belowDatabase(kind, splitPointer(pointer));
  if (!below) return null;
  const valueAt = (keys: readonly string[]) => getAtPointer(document, joinPointer('', ...below.database, ...keys)) as JsonValue | undefined;
  const planned = deprecatedMove(below.keys, valueAt);
  if (planned) return { op: 'move-member', pointer, to: joinPointer('', ...below.database, ...planned.move.to) };
  return deprecatedRemoval(below.keys, valueAt) ? { op: 'remove-member', pointer } : null;
}
