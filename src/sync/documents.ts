// Reading test documents (JSON or YAML) with the place of a syntax error.
import { parse as parseYaml } from 'yaml';
import type { JsonValue } from '../types.js';
import { JsonSyntaxError, parseJsonWithLocations } from '../source/json.js';

export type ParsedDocument = { ok: true; value: JsonValue } | { ok: false; message: string };

export function parseDocumentText(text: string, format: 'yaml' | 'json-or-yaml'): ParsedDocument {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (format === 'json-or-yaml') {
    try {
      return { ok: true, value: JSON.parse(body) as JsonValue };
    } catch (error) {
      // Not JSON: YAML is a superset of JSON's syntax for such files; its error names the line.
      if (/^\s*[[{"]/.test(body)) return { ok: false, message: jsonError(body, error) };
    }
  }
  try {
    return { ok: true, value: parseYaml(body, { maxAliasCount: 100 }) as JsonValue };
  } catch (error) {
    return { ok: false, message: (error instanceof Error ? error.message : String(error)).split('\n')[0]! };
  }
}

/** The place and reason of a JSON syntax error, from the pipeline's own parser (JSON.parse gives no place). */
function jsonError(text: string, error: unknown): string {
  try {
    parseJsonWithLocations(text);
  } catch (located) {
    if (located instanceof JsonSyntaxError) {
      const before = text.slice(0, located.offset);
      const line = before.split('\n').length;
      const column = located.offset - before.lastIndexOf('\n');
      return `invalid JSON at line ${line}, column ${column}: ${located.message}`;
    }
  }
  return error instanceof Error ? error.message : String(error);
}
