// The planner's view of a config file: its value (keys as written, environment references kept as
// written: the plan quotes the config, it does not run it) and the line of any pointer.
// It is the pipeline's own reader (src/source), so the plan sees exactly what lint sees.
import type { JsonValue } from '../types.js';
import { ensureYamlSupport, parseSource } from '../source/index.js';

export interface ConfigSource {
  value: JsonValue;
  /** 1-based line of the key (or value) at a pointer, null when the pointer is not in the file. */
  lineOf(pointer: string): number | null;
}

export class ConfigSyntaxError extends Error {
  constructor(message: string, readonly line: number) {
    super(message);
  }
}

// The planner reads YAML often enough (and is never on the lint path) to load YAML support up front.
await ensureYamlSupport();

export function readConfigSource(text: string, file: string): ConfigSource {
  const parsed = parseSource(text, file, { env: null });
  const document = parsed.document;
  if (!document) {
    const first = parsed.diagnostics.find((d) => d.severity === 'error');
    const line = first?.span ? parsed.source.lines.position(first.span.start).line : 1;
    throw new ConfigSyntaxError(first?.message ?? 'the file cannot be parsed', line);
  }
  return {
    value: document.value,
    lineOf(pointer) {
      const span = document.locate(pointer, 'key');
      return span ? parsed.source.lines.position(span.start).line : null;
    },
  };
}
