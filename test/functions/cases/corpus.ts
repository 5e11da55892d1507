// Corpus configs as test inputs (read from ../shared/corpus at test time, never copied into the repository).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { convertBackticks } from '../../../src/source/dialect.js';
import { corpusDir } from '../harness.js';
import type { JsonValue } from '../../../src/types.js';

/** A corpus file parsed (backtick strings converted as the gateway does), as a plain config object. */
export function corpusConfig(file: string): JsonValue {
  return JSON.parse(convertBackticks(readFileSync(path.join(corpusDir, file), 'utf8')).text) as JsonValue;
}
