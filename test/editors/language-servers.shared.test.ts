// The schemas in the editors people use: VS Code's JSON language service and the YAML language server
// (the engines of VS Code, Neovim, JetBrains' and others' JSON/YAML support) load them, validate the
// real corpus in agreement with `sgconf lint`'s schema findings, and offer fields with descriptions.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import { lintText } from '../../src/lint.js';
import type { Kind } from '../../src/types.js';

const require = createRequire(import.meta.url);
const jsonService = require('vscode-json-languageservice') as typeof import('vscode-json-languageservice');
const yamlService = require('yaml-language-server/lib/umd/languageservice/yamlLanguageService.js');
const { TextDocument } = require('vscode-languageserver-textdocument') as typeof import('vscode-languageserver-textdocument');

const ROOT = path.resolve(__dirname, '../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const KINDS: Kind[] = ['legacy', 'bootstrap', 'database'];
const schemaOf = (kind: Kind) => JSON.parse(readFileSync(path.join(ROOT, 'schemas', `${kind}.schema.json`), 'utf8'));

function jsonLanguageService(kind: Kind) {
  const schema = schemaOf(kind);
  const service = jsonService.getLanguageService({ schemaRequestService: async (uri) => { throw new Error(`no network: ${uri}`); } });
  service.configure({ validate: true, schemas: [{ uri: schema.$id, fileMatch: ['*'], schema }] });
  return service;
}

// One server for all three schemas, each associated with a folder (as an editor's settings associate
// file patterns with schemas): the server keeps module-wide caches, so a second instance would see the
// first one's schemas.
let yamlServer: ReturnType<typeof yamlService.getLanguageService> | null = null;
function yamlLanguageService() {
  if (!yamlServer) {
    const schemas = new Map(KINDS.map((kind) => [schemaOf(kind).$id as string, schemaOf(kind)]));
    yamlServer = yamlService.getLanguageService({
      schemaRequestService: async (uri: string) => { const schema = schemas.get(uri); if (schema) return JSON.stringify(schema); throw new Error(`no network: ${uri}`); },
      workspaceContext: { resolveRelativePath: (p: string) => p },
      clientCapabilities: {},
    });
    yamlServer.configure({ validate: true, completion: true, hover: true, schemas: KINDS.map((kind) => ({ uri: schemaOf(kind).$id, fileMatch: [`/${kind}/*.yaml`] })) });
  }
  return yamlServer;
}
let documents = 0;
/** A YAML document of a kind, with a URI of its own (the server caches what it parsed by URI). */
const yamlDocument = (kind: Kind, text: string) => TextDocument.create(`file:///${kind}/${++documents}.yaml`, 'yaml', 1, text);

const corpus = readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1).map((l) => l.split('\t'))
  .filter((c) => KINDS.includes(c[4] as Kind)).map((c) => ({ file: c[0]!, kind: c[4] as Kind }));

/** Lines with an error-severity schema finding by sgconf lint (the gateway's dialect off: plain files only). */
async function sgconfSchemaLines(text: string, file: string, kind: Kind): Promise<number[]> {
  const result = await lintText(text, file, { kind, env: null, remote: false });
  return [...new Set(result.diagnostics.filter((d) => d.rule.startsWith('schema/') && d.severity === 'error').map((d) => d.line))].sort((a, b) => a - b);
}

// Reviewed differences, each explained (none today). A field some older release knew is declared in the
// schemas with a "Removed in 3.0:" description, so an editor shows why; for 4.1 sgconf reports such a key
// once, through the rule that names its replacement (logging.default: upgrade/removed-key), not as a schema
// finding, so the schema findings agree.
const EXPECTED_DIFFERENCES: Record<string, string> = {};

// yaml-language-server 1.25 reports no schema finding at all for these four legacy documents when it
// validates them after the others in one server (unknown keys such as "verbose", "feed_params" and
// unsupported.replicator_2, which the JSON language service and sgconf report); validated alone, in a
// fresh server, each reports them. A defect of the server's caches, not a difference of the schemas.
const YAML_SERVER_MISSES: Record<string, string> = {
  'couchbase__couchbase-lite-core/4a26768/Replicator__tests__data__config.json': 'unsupported.replicator_2 (x4) not reported',
  'couchbase__sync_gateway/1.5.0/examples__config-dcpshard.json': 'verbose, feed_params not reported',
  'couchbaselabs__sync-gateway-tests/config__admin_party_distributed_index_mixed_mode.json': 'an unknown top-level key not reported',
  'ryjen__couchbase-docker-dev/sync_gateway__sync_gateway.json': 'unsupported.enable_extended_attributes, replicator_2 not reported',
};

describe('editors: JSON language service', () => {
  it('validates every plain-JSON corpus file as sgconf lint does (differences listed and explained)', async () => {
    const differences: Record<string, string> = {};
    let compared = 0;
    for (const { file, kind } of corpus.filter((c) => c.file.endsWith('.json'))) {
      const text = readFileSync(path.join(CORPUS, file), 'utf8');
      try {
        JSON.parse(text);
      } catch {
        continue; // the gateway's dialect (backticks, $VAR) or not JSON: editors see plain JSON only
      }
      compared++;
      const service = jsonLanguageService(kind);
      const doc = TextDocument.create('file:///config.json', 'json', 1, text);
      const diagnostics = await service.doValidation(doc, service.parseJSONDocument(doc), { schemaValidation: 'error' });
      const editorLines = [...new Set(diagnostics.filter((d) => d.severity === 1).map((d) => d.range.start.line + 1))].sort((a, b) => a - b);
      const ours = await sgconfSchemaLines(text, file, kind);
      if (JSON.stringify(editorLines) !== JSON.stringify(ours)) differences[file] = `editor ${JSON.stringify(editorLines)}, sgconf ${JSON.stringify(ours)}`;
    }
    expect(compared).toBeGreaterThan(50);
    expect(Object.keys(differences).sort()).toEqual(Object.keys(EXPECTED_DIFFERENCES).sort());
  });

  it('offers the fields of a database config with their descriptions', async () => {
    const service = jsonLanguageService('database');
    const doc = TextDocument.create('file:///db.json', 'json', 1, '{"name": "db", }');
    const completion = await service.doComplete(doc, { line: 0, character: 15 }, service.parseJSONDocument(doc));
    const sync = completion!.items.find((i) => i.label === 'sync');
    expect(sync).toBeDefined();
    expect(String(sync!.documentation ?? sync!.detail)).toMatch(/sync function/i);
    expect(completion!.items.map((i) => i.label)).toContain('import_filter');
  });
});

describe('editors: YAML language server', () => {
  it('validates the corpus written as YAML as sgconf lint does', async () => {
    // The corpus has JSON files: each plain one, dumped as YAML, is what a team keeping YAML sources has.
    let compared = 0;
    const differences: string[] = [];
    for (const { file, kind } of corpus.filter((c) => c.file.endsWith('.json'))) {
      let value: unknown;
      try {
        value = JSON.parse(readFileSync(path.join(CORPUS, file), 'utf8'));
      } catch {
        continue;
      }
      const text = stringifyYaml(value);
      compared++;
      const diagnostics = await yamlLanguageService().doValidation(yamlDocument(kind, text), false);
      const editorLines = [...new Set(diagnostics.filter((d: { severity: number }) => d.severity === 1).map((d: { range: { start: { line: number } } }) => d.range.start.line + 1))].sort((a, b) => (a as number) - (b as number));
      const ours = await sgconfSchemaLines(text, 'config.yaml', kind);
      if (JSON.stringify(editorLines) !== JSON.stringify(ours)) differences.push(file);
    }
    expect(compared).toBeGreaterThan(50);
    expect(differences.sort()).toEqual([...Object.keys(EXPECTED_DIFFERENCES), ...Object.keys(YAML_SERVER_MISSES)].sort());
  });

  it('reports an unknown key and a wrong type, and completes a key with its description', async () => {
    const service = yamlLanguageService();
    const diagnostics = await service.doValidation(yamlDocument('database', 'name: db\nrevs_limt: 20\nbucket: 5\n'), false);
    const messages = diagnostics.map((d: { message: string }) => d.message).join('\n');
    expect(messages).toContain('Property revs_limt is not allowed');
    expect(messages).toContain('Incorrect type. Expected "string"');
    const completion = await service.doComplete(yamlDocument('database', 'name: db\nimport_f'), { line: 1, character: 8 }, false);
    const item = completion.items.find((i: { label: string }) => i.label === 'import_filter');
    expect(JSON.stringify(item.documentation)).toMatch(/import filter/i);
  });
});
