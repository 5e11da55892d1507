// Real configs written by other people (shared/corpus, read-only) validate against the schemas.
// Only files that JSON.parse cleanly are used (backtick strings, $VARs and comments are the
// pipeline's business). Keys in a non-canonical case are skipped too: the pipeline renames them
// before validating. Everything else the schema reports must be in EXPECTED_FAILURES below.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compile, corpusRoot, dropNullMembers, KINDS, type SchemaKind } from './helpers.js';

/**
 * file → errors ("<keyword> <instancePath> [<unknown key>]") the schema reports and should report,
 * because the 3.x gateway does not know these keys either (it refuses the file).
 */
const EXPECTED_FAILURES: Record<string, string[]> = {
  // `unsupported.replicator_2` was a 2.0-era switch; unknown to 3.x.
  'couchbase__couchbase-lite-core/4a26768/Replicator__tests__data__config.json': [
    'additionalProperties /databases/itunes/unsupported replicator_2',
    'additionalProperties /databases/beer/unsupported replicator_2',
    'additionalProperties /databases/scratch/unsupported replicator_2',
    'additionalProperties /databases/seekrit/unsupported replicator_2',
  ],
  // 1.x: top-level `verbose` and the CBGT `feed_params` no longer exist.
  'couchbase__sync_gateway/1.5.0/examples__config-dcpshard.json': [
    'additionalProperties  verbose',
    'additionalProperties /databases/db feed_params',
  ],
  // (slowServerCallWarningThreshold, the 1.x/2.0 name of slowQueryWarningThreshold, is declared as removed:
  // upgrade/removed-key reports it with the rename, so it is not an unknown field.)
  'couchbaselabs__sync-gateway-tests/config__admin_party_distributed_index_mixed_mode.json': [
    'additionalProperties  verbose',
  ],
  // 1.x-era `unsupported.enable_extended_attributes` (now enable_shared_bucket_access) and replicator_2.
  'ryjen__couchbase-docker-dev/sync_gateway__sync_gateway.json': [
    'additionalProperties /databases/demobucket/unsupported enable_extended_attributes',
    'additionalProperties /databases/demobucket/unsupported replicator_2',
  ],
};

interface CorpusFile {
  file: string;
  kind: SchemaKind;
  value: unknown;
}

function loadCorpus(): { files: CorpusFile[]; skipped: number } {
  const manifest = readFileSync(path.join(corpusRoot, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
  const files: CorpusFile[] = [];
  let skipped = 0;
  for (const line of manifest) {
    const [file, , , , kind] = line.split('\t');
    if (!file || !(KINDS as readonly string[]).includes(kind ?? '')) continue;
    try {
      const value = JSON.parse(readFileSync(path.join(corpusRoot, file), 'utf8')) as unknown;
      files.push({ file, kind: kind as SchemaKind, value: dropNullMembers(value) });
    } catch {
      skipped++;
    }
  }
  return { files, skipped };
}

/** An unknown key that only differs in case from a declared one: the pipeline renames it first. */
function isCaseVariant(error: ErrorObject): boolean {
  if (error.keyword !== 'additionalProperties') return false;
  const key = (error.params as { additionalProperty: string }).additionalProperty.toLowerCase();
  const declared = Object.keys(((error.parentSchema ?? {}) as { properties?: object }).properties ?? {});
  return declared.some((name) => name.toLowerCase() === key);
}

function summarize(error: ErrorObject): string {
  const extra = error.keyword === 'additionalProperties' ? ` ${(error.params as { additionalProperty: string }).additionalProperty}` : '';
  return `${error.keyword} ${error.instancePath}${extra}`;
}

describe('corpus configs', () => {
  const { files } = loadCorpus();
  const validators = Object.fromEntries(KINDS.map((kind) => [kind, compile(kind, { verbose: true })]));

  it('has parseable files of every kind to check', () => {
    for (const kind of KINDS) expect(files.filter((f) => f.kind === kind).length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, { file, kind, value }) => {
    const validate = validators[kind]!;
    const errors = validate(value) ? [] : (validate.errors ?? []);
    const reported = errors.filter((e) => !isCaseVariant(e)).map(summarize);
    expect(reported.sort()).toEqual([...(EXPECTED_FAILURES[file] ?? [])].sort());
  });

  it('lists no expected failure for a file that is not checked', () => {
    const checked = new Set(files.map((f) => f.file));
    expect(Object.keys(EXPECTED_FAILURES).filter((f) => !checked.has(f))).toEqual([]);
  });
});
