// Offsets of a function's source placed at lines and columns of the file that holds it: the config (a
// function written inline) or the function's own file. For what sgconf test reports of a run (coverage, where
// the function threw or rejected the write), which reads the config's text only when a function written in it
// needs placing.
import { LineIndex } from '../source/offset-map.js';
import type { ResolvedFunction } from './types.js';

/** A place in a file: its path as the function's resolution or the caller names it, 1-based line and column. */
export interface FilePlace {
  file: string;
  line: number;
  column: number;
}

export class FunctionPlacer {
  private readonly indexes = new Map<string, LineIndex | null>();

  /** `configFile` names the config, and `configText` reads it (null: it cannot be read). */
  constructor(private readonly fn: ResolvedFunction, private readonly configFile: string, private readonly configText: () => string | null) {}

  /** Where an offset of the function's source stands, or null when the function or the file cannot say. */
  place(offset: number): FilePlace | null {
    const at = this.fn.locate(offset);
    if (!at) return null;
    const file = at.file ?? this.configFile;
    let index = this.indexes.get(file);
    if (index === undefined) {
      const text = at.file !== undefined ? at.fileText ?? null : this.configText();
      index = text === null ? null : new LineIndex(text);
      this.indexes.set(file, index);
    }
    return index ? { file, ...index.position(at.offset) } : null;
  }
}
