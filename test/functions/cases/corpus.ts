// Corpus configs as test inputs (read from ../shared/corpus at test time, never copied into the repository).
// A case table refers to a corpus file by reference: `npm test` runs a table's own inline cases (a fresh
// clone has no corpus beside it), `npm run test:corpus` runs the referenced ones (test/rules/corpus-cases.shared.test.ts).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { convertBackticks } from '../../../src/source/dialect.js';
import { corpusDir } from '../harness.js';
import type { JsonValue } from '../../../src/types.js';

/** A corpus file named in a case table; read only when the case runs. */
export class CorpusRef {
  constructor(readonly file: string) {}
}

/** A case config that is the corpus file `file` (see CorpusRef). */
export function corpusConfig(file: string): CorpusRef {
  return new CorpusRef(file);
}

/** A corpus file parsed (backtick strings converted as the gateway does), as a plain config object. */
export function readCorpusConfig(file: string): JsonValue {
  return JSON.parse(convertBackticks(readFileSync(path.join(corpusDir, file), 'utf8')).text) as JsonValue;
}

/** The config a case runs on: a corpus reference read now, anything else as it is. */
export function caseConfig(config: unknown): unknown {
  return config instanceof CorpusRef ? readCorpusConfig(config.file) : config;
}

/** A table's cases that use the corpus (which = 'corpus') or do not (which = 'own'). */
export function casesOf<T extends { valid: { config: unknown }[]; invalid: { config: unknown }[] }>(table: T, which: 'own' | 'corpus'): T {
  const keep = (c: { config: unknown }) => (c.config instanceof CorpusRef) === (which === 'corpus');
  return { ...table, valid: table.valid.filter(keep), invalid: table.invalid.filter(keep) };
}
