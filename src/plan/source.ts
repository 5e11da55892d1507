// The planner's view of a config file, read by the pipeline's own reader (src/source) with the same
// environment as the lint that runs beside it, so the plan decides on the values the gateway would read.
// Evidence quotes a value that came from the environment as written (`${SG_SERVER}`), never its expansion.
import type { JsonValue } from '../types.js';
import { ensureYamlSupport, formatFromPath, parseSource } from '../source/index.js';

export interface ConfigSource {
  value: JsonValue;
  /** 1-based line of the key (or value) at a pointer, null when the pointer is not in the file. */
  lineOf(pointer: string): number | null;
  /** The text of the scalar at a pointer as written, when it holds an environment reference; null otherwise. */
  writtenWithEnv(pointer: string): string | null;
}

/**
 * Reads a config; null when it cannot be parsed (lint, given the same text and environment, says why).
 * `env` as in LintOptions: the variables to expand, or null to keep `$` references as text.
 */
export async function readConfigSource(text: string, file: string, env: Record<string, string | undefined> | null): Promise<ConfigSource | null> {
  const format = formatFromPath(file);
  if (format === 'yaml') await ensureYamlSupport();
  const parsed = parseSource(text, file, { env, format });
  const document = parsed.document;
  if (!document) return null;
  const references = parsed.envReferences;
  return {
    value: document.value,
    lineOf(pointer) {
      const span = document.locate(pointer, 'key');
      return span ? parsed.source.lines.position(span.start).line : null;
    },
    writtenWithEnv(pointer) {
      if (references.length === 0) return null;
      const span = document.locate(pointer, 'value');
      if (!span || references.every((r) => r.span.end <= span.start || r.span.start >= span.end)) return null;
      return parsed.source.text.slice(span.start, span.end);
    },
  };
}

