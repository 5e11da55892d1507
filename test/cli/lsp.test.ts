// sgconf lsp, message by message: the diagnostics of an unsaved text with lint's positions and rule ids,
// a change linted again, hover and completion from the schema, the fix as a code action, and a document
// that breaks nothing for the others.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../../bench/lsp-client.js';
import { runCli } from '../helpers/cli.js';

const ROOT = path.resolve(__dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lsp-'));
const client = new LspClient(path.join(ROOT, 'bin', 'sgconf.js'), dir);
afterAll(() => client.close());

const file = path.join(dir, 'db.json');
const uri = pathToFileURL(file).href;
const TEXT = '{\n  "bucket": "b",\n  "import_docs": "continuous",\n  "revs_limit": "20"\n}\n';

describe('sgconf lsp', () => {
  it('answers initialize with its features', async () => {
    const answer = await client.initialize();
    expect(answer.result.capabilities).toMatchObject({ hoverProvider: true, codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.sgconf'] } });
  });

  it('reports an unsaved text as sgconf lint reports the same text on disk', async () => {
    writeFileSync(file, TEXT);
    const lint = await runCli(['lint', 'db.json', '--format', 'json'], { cwd: dir });
    const expected = JSON.parse(lint.stdout).results[0].diagnostics as { rule: string; line: number; column: number }[];
    writeFileSync(file, '{}'); // the server reads the editor's text, not the file
    const published = client.diagnostics(uri, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text: TEXT } } });
    const { params } = await published;
    expect(params.diagnostics.map((d: any) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`).sort())
      .toEqual(expected.map((d) => `${d.rule} ${d.line}:${d.column}`).sort());
    expect(params.diagnostics.find((d: any) => d.code === 'schema/type')).toMatchObject({ severity: 1, source: 'sgconf' });
  });

  it('reports nothing in a file the tool config ignores, as lint and the hooks skip it', async () => {
    const project = path.join(dir, 'ignoring');
    mkdirSync(path.join(project, 'archive', 'databases'), { recursive: true });
    writeFileSync(path.join(project, '.sgconfrc.json'), JSON.stringify({ ignore: ['archive/**'] }));
    const archived = pathToFileURL(path.join(project, 'archive', 'databases', 'db.json')).href;
    const published = client.diagnostics(archived, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: archived, languageId: 'json', version: 1, text: TEXT } } });
    expect((await published).params.diagnostics).toEqual([]);
    const kept = pathToFileURL(path.join(project, 'databases', 'db.json')).href;
    const shown = client.diagnostics(kept, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: kept, languageId: 'json', version: 1, text: TEXT } } });
    expect((await shown).params.diagnostics.length).toBeGreaterThan(0);
  });

  it('lints a change again (only the last of quick changes)', async () => {
    const published = client.diagnostics(uri, 3);
    client.send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: TEXT.replace('"20"', '30') }] } });
    client.send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: 3 }, contentChanges: [{ text: TEXT.replace('"20"', '20') }] } });
    const { params } = await published;
    expect(params.diagnostics.map((d: any) => d.code)).toEqual(['upgrade/removed-key']);
    expect(client.received.some((m) => m.method === 'textDocument/publishDiagnostics' && m.params.version === 2)).toBe(false);
  });

  it('offers the fix and the rule docs as code actions', async () => {
    const diagnostic = client.received.filter((m) => m.method === 'textDocument/publishDiagnostics' && m.params.version === 3)[0]!.params.diagnostics[0];
    const answer = await client.request('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
    const fix = answer.result.find((a: any) => a.edit);
    expect(fix.edit.changes[uri]).toEqual([{ range: diagnostic.range, newText: 'true' }]);
    expect(answer.result.map((a: any) => a.title)).toContain('Open the docs of upgrade/removed-key');
  });

  it('offers the removal of a trailing comma as a quick fix in a text that does not parse', async () => {
    const broken = pathToFileURL(path.join(dir, 'broken.json')).href;
    const text = '{\n  "bucket": "b",\n  "revs_limit": 100,\n}\n';
    const published = client.diagnostics(broken, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: broken, languageId: 'json', version: 1, text } } });
    const [diagnostic] = (await published).params.diagnostics;
    expect(diagnostic).toMatchObject({ code: 'source/syntax', range: { start: { line: 3, character: 0 } } });
    const answer = await client.request('textDocument/codeAction', { textDocument: { uri: broken }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
    const fix = answer.result.find((a: any) => a.kind === 'quickfix' && a.edit);
    // The comma, not the bracket the error is reported at.
    expect(fix.edit.changes[broken]).toEqual([{ range: { start: { line: 2, character: 19 }, end: { line: 2, character: 20 } }, newText: '' }]);
  });

  it('applies every safe fix at once when an editor asks for source.fixAll (on save), as lint --fix does', async () => {
    const fixable = pathToFileURL(path.join(dir, 'fixable.json')).href;
    const text = '{"bucket": "b", "import_docs": "continuous", "num_index_replicas": 0}\n';
    const published = client.diagnostics(fixable, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: fixable, languageId: 'json', version: 1, text } } });
    expect((await published).params.diagnostics.map((d: any) => d.code).sort()).toEqual(['schema/deprecated', 'upgrade/removed-key']);
    const answer = await client.request('textDocument/codeAction', { textDocument: { uri: fixable }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } });
    expect(answer.result.map((a: any) => [a.kind, a.title])).toEqual([['source.fixAll.sgconf', 'Fix all: 2 safe fixes of sgconf']]);
    const [edit] = answer.result[0].edit.changes[fixable];
    // One line: the edit's columns are offsets in it.
    const fixed = text.slice(0, edit.range.start.character) + edit.newText + text.slice(edit.range.end.character);
    expect(edit.range.start.line).toBe(0);
    expect(fixed).toBe('{"bucket": "b", "import_docs": true, "index": {"num_replicas": 0}}\n');
    // A config with nothing to fix: no action (an editor then leaves the file as it is on save).
    const clean = pathToFileURL(path.join(dir, 'clean.json')).href;
    const cleanPublished = client.diagnostics(clean, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: clean, languageId: 'json', version: 1, text: '{"bucket": "b"}\n' } } });
    await cleanPublished;
    const nothing = await client.request('textDocument/codeAction', { textDocument: { uri: clean }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } });
    expect(nothing.result).toEqual([]);
  });

  it('describes the field under the cursor and completes the fields of the object', async () => {
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 4 } });
    expect(hover.result.contents.value).toMatch(/^\*\*bucket\*\*/);
    expect(hover.result.contents.value).toContain('Known to Sync Gateway 3.0 and later');
    const revsLimitLine = 3;
    const newer = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: revsLimitLine, character: 4 } });
    expect(newer.result.contents.value).toMatch(/^\*\*revs_limit\*\*/);
    const completion = await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 4 } });
    expect(completion.result.map((c: any) => c.label)).toEqual(expect.arrayContaining(['sync', 'import_filter', 'revs_limit']));
  });

  it('completes only the fields the target of the tool config knows', async () => {
    const old = path.join(dir, 'for-3.2');
    mkdirSync(old);
    writeFileSync(path.join(old, '.sgconfrc.json'), JSON.stringify({ target: '3.2' }));
    const oldUri = pathToFileURL(path.join(old, 'db.json')).href;
    const published = client.diagnostics(oldUri, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: oldUri, languageId: 'json', version: 1, text: '{\n  "bucket": "b"\n}\n' } } });
    await published;
    const labels = (await client.request('textDocument/completion', { textDocument: { uri: oldUri }, position: { line: 1, character: 4 } })).result.map((c: any) => c.label);
    expect(labels).toContain('bucket');
    expect(labels).not.toContain('index'); // index.num_replicas and its object arrived in 3.3
    const newest = (await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 4 } })).result.map((c: any) => c.label);
    expect(newest).toContain('index');
  });

  it('completes a string value: the values of an enumeration, and the log keys of the target', async () => {
    const startup = pathToFileURL(path.join(dir, 'sg.json')).href;
    const text = '{\n  "bootstrap": {"server": "couchbases://cb"},\n  "logging": {"console": {"log_level": "", "log_keys": [""]}}\n}\n';
    const published = client.diagnostics(startup, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: startup, languageId: 'json', version: 1, text } } });
    await published;
    const labelsAt = async (character: number) => (await client.request('textDocument/completion', { textDocument: { uri: startup }, position: { line: 2, character } })).result.map((c: any) => c.label);
    const line = text.split('\n')[2]!;
    expect(await labelsAt(line.indexOf('""') + 1)).toEqual(['none', 'error', 'warn', 'info', 'debug', 'trace']);
    const keys = await labelsAt(line.lastIndexOf('""') + 1);
    expect(keys).toEqual(expect.arrayContaining(['HTTP', 'HTTP+', 'CRUD', 'VV', 'Config']));
    expect(keys).not.toContain('');
    // On a key, the fields of its object, as before.
    expect(await labelsAt(line.indexOf('"console"') + 2)).toEqual(expect.arrayContaining(['console', 'log_file_path']));
  });

  it('names the audit event under the cursor, and completes the ids of its level', async () => {
    const startup = pathToFileURL(path.join(dir, 'audit.json')).href;
    const text = '{\n  "bootstrap": {"server": "couchbases://cb"},\n  "logging": {"audit": {"enabled": true, "enabled_events": [53270, 54000]}}\n}\n';
    const published = client.diagnostics(startup, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: startup, languageId: 'json', version: 1, text } } });
    await published;
    const line = text.split('\n')[2]!;
    const at = (character: number) => ({ textDocument: { uri: startup }, position: { line: 2, character } });
    expect((await client.request('textDocument/hover', at(line.indexOf('53270') + 2))).result.contents.value).toBe('**53270**\n\nPublic HTTP API request: a global event (set in the startup config).');
    expect((await client.request('textDocument/hover', at(line.indexOf('54000') + 2))).result.contents.value).toContain('Create database: a database event');
    const items = (await client.request('textDocument/completion', at(line.indexOf('53270') + 2))).result;
    expect(items.map((c: any) => c.label)).toEqual(expect.arrayContaining(['53248', '53270', '53351']));
    expect(items.map((c: any) => c.label)).not.toContain('54000');
    expect(items.find((c: any) => c.label === '53270').detail).toBe('Public HTTP API request');
  });

  it('completes in YAML: the values of an empty scalar or list item, and the fields of a mapping whose first key is being typed', async () => {
    const labelsIn = async (name: string, text: string, position: { line: number; character: number }) => {
      const uri = pathToFileURL(path.join(dir, name)).href;
      const published = client.diagnostics(uri, 1);
      client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
      await published;
      return (await client.request('textDocument/completion', { textDocument: { uri }, position })).result.map((c: any) => c.label);
    };
    const head = 'bootstrap:\n  server: couchbases://cb\nlogging:\n  console:\n';
    expect(await labelsIn('level.yaml', `${head}    log_level: \n`, { line: 4, character: 15 })).toEqual(['none', 'error', 'warn', 'info', 'debug', 'trace']);
    const keys = await labelsIn('keys.yaml', `${head}    log_keys:\n      - CRUD\n      - \n`, { line: 6, character: 8 });
    expect(keys).toEqual(expect.arrayContaining(['HTTP', 'Sync', 'Config']));
    const fields = await labelsIn('typing.yaml', `${head}    lo\n`, { line: 4, character: 6 });
    expect(fields).toEqual(expect.arrayContaining(['log_level', 'log_keys']));
    expect(fields).not.toContain('log_file_path');
  });

  it('applies the tool config\'s suppressions and build sources as lint does', async () => {
    const repo = path.join(dir, 'suppressed');
    mkdirSync(path.join(repo, 'config'), { recursive: true });
    writeFileSync(path.join(repo, '.sgconfrc.json'), JSON.stringify({
      sources: ['config/**'],
      suppressions: [{ files: ['config/**'], rules: ['schema/type'], reason: 'quoted numbers are read as numbers' }],
    }));
    writeFileSync(path.join(repo, 'config', 'sync.js'), 'function (doc) { channel(doc.channels); }\n');
    const text = '{\n  "name": "db",\n  "bucket": "b",\n  "revs_limit": "20",\n  "sync": "sync.js"\n}\n';
    writeFileSync(path.join(repo, 'config', 'db.json'), text);
    const lint = JSON.parse((await runCli(['lint', 'config/db.json', '--format', 'json'], { cwd: repo })).stdout);
    const fileUri = pathToFileURL(path.join(repo, 'config', 'db.json')).href;
    const published = client.diagnostics(fileUri, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: fileUri, languageId: 'json', version: 1, text } } });
    const { params } = await published;
    expect(params.diagnostics.map((d: any) => d.code).sort()).toEqual(lint.results[0].diagnostics.map((d: { rule: string }) => d.rule).sort());
    expect(params.diagnostics.map((d: any) => d.code)).not.toContain('schema/type');
    expect(params.diagnostics.map((d: any) => d.code)).not.toContain('functions/external-source-in-database-config');
  });

  it('shows a mistake in a source\'s function file on that file, at its line, and clears it once mended', async () => {
    const repo = path.join(dir, 'function-file');
    mkdirSync(path.join(repo, 'config'), { recursive: true });
    writeFileSync(path.join(repo, '.sgconfrc.json'), JSON.stringify({ sources: ['config/**'] }));
    const functionFile = path.join(repo, 'config', 'sync.js');
    writeFileSync(functionFile, 'function (doc) {\n  channel(doc.owner;\n}\n');
    const text = '{\n  "name": "db",\n  "bucket": "b",\n  "sync": "sync.js"\n}\n';
    const configUri = pathToFileURL(path.join(repo, 'config', 'db.json')).href;
    const functionUri = pathToFileURL(functionFile).href;
    const onFunction = () => client.next((m: any) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === functionUri);
    const broken = onFunction();
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: configUri, languageId: 'json', version: 1, text } } });
    const { params } = await broken;
    expect(params.diagnostics).toEqual([expect.objectContaining({ code: 'functions/syntax-error', range: expect.objectContaining({ start: { line: 1, character: 19 } }) })]);
    writeFileSync(functionFile, 'function (doc) {\n  channel(doc.owner);\n}\n');
    const mended = onFunction();
    client.send({ method: 'textDocument/didChange', params: { textDocument: { uri: configUri, version: 2 }, contentChanges: [{ text: `${text} ` }] } });
    expect((await mended).params.diagnostics).toEqual([]);
  });

  it('checks a function file opened alone: its unsaved text through the config that names it, or by itself when none does', async () => {
    const repo = path.join(dir, 'function-buffer');
    mkdirSync(path.join(repo, 'config', 'databases'), { recursive: true });
    mkdirSync(path.join(repo, 'functions'));
    writeFileSync(path.join(repo, '.sgconfrc.json'), JSON.stringify({ sources: ['config/**'] }));
    writeFileSync(path.join(repo, 'config', 'databases', 'orders.yaml'), 'name: orders\nbucket: orders\nsync: orders-sync.js\n');
    const named = path.join(repo, 'config', 'databases', 'orders-sync.js');
    writeFileSync(named, 'function (doc) {\n  channel(doc.owner);\n}\n');
    const namedUri = pathToFileURL(named).href;
    const broken = client.diagnostics(namedUri, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: namedUri, languageId: 'javascript', version: 1, text: 'function (doc) {\n  channel(doc.owner;\n}\n' } } });
    const found = (await broken).params.diagnostics;
    expect(found.map((d: any) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`)).toEqual(['functions/syntax-error 2:20']);
    expect(found[0].message).toContain('(through config/databases/orders.yaml)');
    const mended = client.diagnostics(namedUri, 2);
    client.send({ method: 'textDocument/didChange', params: { textDocument: { uri: namedUri, version: 2 }, contentChanges: [{ text: 'function (doc) {\n  channel(doc.owner);\n}\n' }] } });
    expect((await mended).params.diagnostics).toEqual([]);
    // No config names it: what its own text shows.
    const lone = pathToFileURL(path.join(repo, 'functions', 'lone.js')).href;
    const alone = client.diagnostics(lone, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: lone, languageId: 'javascript', version: 1, text: 'function (doc) { return true; }; x\n' } } });
    expect((await alone).params.diagnostics.map((d: any) => d.code)).toEqual(['functions/not-a-function']);
    // JavaScript that is a tool config (sgconf.config.js) is no function file.
    const toolConfig = pathToFileURL(path.join(repo, 'sgconf.config.js')).href;
    const none = client.diagnostics(toolConfig, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: toolConfig, languageId: 'javascript', version: 1, text: 'module.exports = { rules: {} };\n' } } });
    expect((await none).params.diagnostics).toEqual([]);
  });

  it('checks a function file created after the configs were analysed through the config that names it', async () => {
    const repo = path.join(dir, 'function-created');
    mkdirSync(path.join(repo, 'config', 'databases'), { recursive: true });
    writeFileSync(path.join(repo, '.sgconfrc.json'), JSON.stringify({ sources: ['config/**'] }));
    writeFileSync(path.join(repo, 'config', 'databases', 'a.yaml'), 'name: a\nbucket: a\nsync: a-sync.js\n');
    writeFileSync(path.join(repo, 'config', 'databases', 'b.yaml'), 'name: b\nbucket: b\nsync: b-sync.js\n');
    const broken = 'function (doc) {\n  channel(doc.owner;\n}\n';
    const shown = async (file: string) => {
      writeFileSync(file, 'function (doc) {\n  channel(doc.owner);\n}\n');
      const uri = pathToFileURL(file).href;
      const published = client.diagnostics(uri, 1);
      client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'javascript', version: 1, text: broken } } });
      return (await published).params.diagnostics.map((d: any) => `${d.code} ${d.message.match(/\(through [^)]*\)/)?.[0]}`);
    };
    // Both configs are analysed here, while b-sync.js does not exist yet.
    expect(await shown(path.join(repo, 'config', 'databases', 'a-sync.js'))).toEqual(['functions/syntax-error (through config/databases/a.yaml)']);
    expect(await shown(path.join(repo, 'config', 'databases', 'b-sync.js'))).toEqual(['functions/syntax-error (through config/databases/b.yaml)']);
  });

  it('checks a test file, and leaves JSON that is no gateway config alone', async () => {
    const test = pathToFileURL(path.join(dir, 'orders.sgtest.yaml')).href;
    const published = client.diagnostics(test, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: test, languageId: 'yaml', version: 1, text: 'config: db.json\ncases:\n  - name: x\n    doc: {a: 1}\n    expct: {rejected: false}\n' } } });
    const found = (await published).params.diagnostics;
    expect(found.every((d: any) => d.code === 'sgtest/invalid-file')).toBe(true);
    expect(found.find((d: any) => /expct/.test(d.message))).toMatchObject({ range: { start: { line: 4, character: 4 } } });
    const pkg = pathToFileURL(path.join(dir, 'package.json')).href;
    const none = client.diagnostics(pkg, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: pkg, languageId: 'json', version: 1, text: '{"name": "x", "version": "1.0.0"}' } } });
    expect((await none).params.diagnostics).toEqual([]);
  });

  it('keeps serving after a document it cannot read', async () => {
    const other = pathToFileURL(path.join(dir, 'broken.json')).href;
    const broken = client.diagnostics(other, 1);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: other, languageId: 'json', version: 1, text: '{"bucket": ' + '['.repeat(100_000) } } });
    expect((await broken).params.diagnostics.map((d: any) => d.code)).toContain('source/too-deep');
    const again = client.diagnostics(uri, 4);
    client.send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: 4 }, contentChanges: [{ text: TEXT }] } });
    expect((await again).params.diagnostics.length).toBeGreaterThan(0);
    expect(client.alive()).toBe(true);
  });
});
