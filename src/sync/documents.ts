// Reading test documents (JSON or YAML) with the place of a syntax error.
import { isNode, parseDocument, visit } from 'yaml';
import type { JsonValue } from '../types.js';
import { JsonSyntaxError, MAX_NESTING, nestsTooDeep, parseJsonWithLocations } from '../source/json.js';
import { numberWithText, parseJsonKeepingNumberText } from '../source/number-text.js';
import { collectionKeyProblem, floatTagged, nonJsonTag } from '../source/yaml.js';

export type ParsedDocument = { ok: true; value: JsonValue } | { ok: false; message: string };

const tooDeep: ParsedDocument = { ok: false, message: `it nests more than ${MAX_NESTING} levels deep, and sgconf reads documents up to ${MAX_NESTING} levels (a real document nests a few)` };

/** How deep a value nests (without recursion: the value may be deeper than the stack allows). */
function valueDepth(value: JsonValue): number {
  let deepest = 0;
  const stack: [JsonValue, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_NESTING) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export function parseDocumentText(text: string, format: 'yaml' | 'json-or-yaml'): ParsedDocument {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // As lint reads configs: past 512 levels every stage would recurse towards the stack's end.
  if (nestsTooDeep(body)) return tooDeep;
  if (format === 'json-or-yaml') {
    try {
      return { ok: true, value: parseJsonKeepingNumberText(body) };
    } catch (error) {
      // Not JSON: YAML is a superset of JSON's syntax for such files; its error names the line.
      if (/^\s*[[{"]/.test(body)) return { ok: false, message: jsonError(body, error) };
    }
  }
  try {
    const value = parseYamlKeepingNumberText(body);
    // Block YAML nests by indentation, which the bracket count above does not see.
    return valueDepth(value) > MAX_NESTING ? tooDeep : { ok: true, value };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, message: `it nests too deep to read (${error.message})` };
    return { ok: false, message: (error instanceof Error ? error.message : String(error)).split('\n')[0]! };
  }
}

/** yaml's parse, with numbers written as JSON writes them not (1.0, 1e2) kept as their text (source/number-text.ts). */
function parseYamlKeepingNumberText(text: string): JsonValue {
  // Merge keys (<<) as in test files and configs (src/source/yaml.ts).
  const document = parseDocument(text, { merge: true });
  if (document.errors.length > 0) throw document.errors[0]!;
  // A document is JSON, as the gateway receives it: no !!binary, !!set or tag of one's own (as in configs).
  const refuseNonJsonTag = (_: unknown, node: unknown): void => {
    const problem = isNode(node) ? nonJsonTag(text, node.tag, node.range?.[0] ?? 0) : null;
    if (problem) throw new Error(`${problem.message} (${placeIn(text, problem.start)})`);
  };
  visit(document, {
    Map(key, node) {
      refuseNonJsonTag(key, node);
      // A key that is a mapping or a list: as in configs, refused (its JSON text would be a made-up key).
      for (const pair of node.items) {
        const problem = collectionKeyProblem(text, pair.key, node.range?.[0] ?? 0);
        if (problem) throw new Error(`${problem.message} (${placeIn(text, problem.start)})`);
      }
    },
    Seq: refuseNonJsonTag,
    Scalar(key, node) {
      refuseNonJsonTag(key, node);
      node.value = floatTagged(node.tag, node.value);
      // A key stays as YAML reads it: an object's keys are strings.
      if (key !== 'key' && typeof node.value === 'number' && node.source !== undefined) node.value = numberWithText(node.value, node.source);
    },
  });
  return document.toJS({ maxAliasCount: 100 }) as JsonValue;
}

/** The place and reason of a JSON syntax error, from the pipeline's own parser (JSON.parse gives no place). */
function jsonError(text: string, error: unknown): string {
  try {
    parseJsonWithLocations(text);
  } catch (located) {
    if (located instanceof JsonSyntaxError) return `invalid JSON at ${placeIn(text, located.offset)}: ${located.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** "line L, column C" of an offset in a text. */
function placeIn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  return `line ${before.split('\n').length}, column ${offset - before.lastIndexOf('\n')}`;
}
