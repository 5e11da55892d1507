// Every function-holding field of every corpus file is resolved and parsed without a crash, and the real
// functions produce no error-severity findings except the ones looked at by hand below.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFunctionSites } from '../../src/functions/sites.js';
import type { JsonValue, Kind } from '../../src/types.js';
import { readCorpusConfig } from './cases/corpus.js';
import { corpusDir, lintDirect } from './harness.js';

interface CorpusFile {
  file: string;
  kind: Kind;
  document: JsonValue;
}

function readCorpus(): { parsed: CorpusFile[]; unparsable: string[] } {
  const manifest = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
  const parsed: CorpusFile[] = [];
  const unparsable: string[] = [];
  for (const line of manifest) {
    const [file, , , , kind] = line.split('\t');
    if (kind !== 'legacy' && kind !== 'database') continue;
    try {
      parsed.push({ file: file!, kind, document: readCorpusConfig(file!) });
    } catch {
      unparsable.push(file!);
    }
  }
  return { parsed, unparsable };
}

/**
 * Error findings in the corpus that are real: looked at by hand, the gateway fails the same way.
 * file -> "rule pointer" entries.
 */
const KNOWN_REAL_ERRORS: Record<string, string[]> = {
  // The webhook url is a Jinja placeholder "http://{{ test_framework_ip }}:8080" that a script fills in.
  'couchbaselabs__mobile-testkit/2e74558/conf__sync_gateway_webhook.json': ['webhook/invalid-url /databases/db/event_handlers/document_changed/0/url'],
  // `function (doc, oldDoc) { ... };` : the gateway compiles '(' + source + ')', and the stray semicolon breaks it.
  'waynecarter__digital-display/sync-gateway-config.json': ['functions/not-a-function /databases/gate-display/sync'],
  // The sync value is the placeholder "{{ sync_function_offline_reads }}" that a script replaces.
  'yido__couchbase-syncgateway/docker__sync-gateway__config.json': ['functions/not-a-function /databases/fs_db_v0/sync'],
};

describe('corpus functions', () => {
  const { parsed } = readCorpus();

  it('reads enough corpus files to mean something', () => {
    expect(parsed.length).toBeGreaterThan(80);
    const withFunctions = parsed.filter((c) => findFunctionSites(c.kind, c.document).length > 0);
    expect(withFunctions.length).toBeGreaterThan(40);
  });

  it('finds every role in the corpus', () => {
    const roles = new Set(parsed.flatMap((c) => findFunctionSites(c.kind, c.document).map((s) => s.role)));
    expect([...roles].sort()).toEqual(['conflict_resolver', 'import_filter', 'sync', 'webhook_filter']);
  });

  for (const entry of parsed) {
    it(`${entry.file}: no false errors`, async () => {
      const diagnostics = await lintDirect(entry.kind, entry.document, { cwd: path.dirname(path.join(corpusDir, entry.file)), configDir: path.dirname(path.join(corpusDir, entry.file)) });
      const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule} ${d.pointer}`);
      expect(errors.sort()).toEqual((KNOWN_REAL_ERRORS[entry.file] ?? []).sort());
    });
  }
});
