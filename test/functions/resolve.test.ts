// Source classification exactly like the gateway (reference 6.3): URL prefix, existing file, else inline.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionFilePath, looksLikeLocation } from '../../src/functions/resolve.js';
import { lintText } from '../../src/lint.js';
import { runStage } from './harness.js';

let root: string;
let gatewayDir: string;
let configDir: string;
const SYNC = 'function(doc, oldDoc) {\n  channel(doc.channels);\n}\n';

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'sgconf-resolve-'));
  gatewayDir = path.join(root, 'gateway');
  configDir = path.join(root, 'config');
  mkdirSync(path.join(gatewayDir, 'js'), { recursive: true });
  mkdirSync(path.join(configDir, 'functions'), { recursive: true });
  writeFileSync(path.join(gatewayDir, 'js', 'sync.js'), SYNC);
  writeFileSync(path.join(gatewayDir, 'js', 'broken.js'), 'function(doc) {\n  var x = `a`;\n}');
  writeFileSync(path.join(configDir, 'functions', 'sync.js'), SYNC);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const legacy = (sync: string) => ({ databases: { db: { bucket: 'b', sync } } });

describe('resolveFunctions: sources', () => {
  it('reads an existing file relative to the working directory', async () => {
    const { functions, diagnostics } = await runStage('legacy', legacy('js/sync.js'), { cwd: gatewayDir, configDir });
    expect(diagnostics).toEqual([]);
    expect(functions[0]).toMatchObject({ origin: 'file', location: 'js/sync.js', source: SYNC });
    expect(functions[0]!.locate(3)).toEqual({ file: path.join(gatewayDir, 'js', 'sync.js'), fileText: SYNC, offset: 3 });
  });

  it('reads an absolute path', async () => {
    const { functions } = await runStage('legacy', legacy(path.join(gatewayDir, 'js', 'sync.js')), { cwd: root, configDir });
    expect(functions[0]).toMatchObject({ origin: 'file', source: SYNC });
  });

  it('reports problems in a file inside that file', async () => {
    const { diagnostics } = await runStage('legacy', legacy('js/broken.js'), { cwd: gatewayDir, configDir });
    expect(diagnostics).toEqual([expect.objectContaining({
      rule: 'functions/es2015-syntax', file: path.join(gatewayDir, 'js', 'broken.js'), span: { start: 26, end: 27 },
    })]);
    expect(diagnostics[0]!.message).toMatch(/^sync function from file js\/broken\.js: a template literal/);
  });

  it('treats a path that names no file as inline code, and says so', async () => {
    const { functions, diagnostics } = await runStage('legacy', legacy('js/missing.js'), { cwd: gatewayDir, configDir });
    expect(functions[0]).toMatchObject({ origin: 'inline', source: null });
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'functions/source-not-found', severity: 'error', pointer: '/databases/db/sync' })]);
    expect(diagnostics[0]!.detail).toContain('would treat the text itself as inline JavaScript');
    expect(diagnostics[0]!.detail).toContain(path.join(gatewayDir, 'js', 'missing.js'));
  });

  it('says when the file exists only relative to the config file folder', async () => {
    const { diagnostics } = await runStage('legacy', legacy('functions/sync.js'), { cwd: gatewayDir, configDir });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.detail).toContain(`exists relative to the config file's folder (${path.join(configDir, 'functions', 'sync.js')})`);
    expect(diagnostics[0]!.detail).toContain('its own working directory');
  });

  it('treats a directory as inline code', async () => {
    const { diagnostics } = await runStage('legacy', legacy('js/'), { cwd: gatewayDir, configDir });
    expect(diagnostics[0]).toMatchObject({ rule: 'functions/source-not-found' });
    expect(diagnostics[0]!.message).toContain('names a directory');
  });

  it('never resolves collection functions', async () => {
    const config = { databases: { db: { scopes: { s: { collections: { c: { sync: 'js/sync.js' } } } } } } };
    const { functions, diagnostics } = await runStage('legacy', config, { cwd: gatewayDir, configDir });
    expect(functions[0]).toMatchObject({ origin: 'inline', resolvable: false, source: null });
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'functions/source-not-found', pointer: '/databases/db/scopes/s/collections/c/sync' })]);
    expect(diagnostics[0]!.message).toContain('always inline');
  });

  // The file a value names, whether or not it is there (created later, it is read: the editor and a hook
  // on a function file need to know which configs name it); none for a value that cannot be a path.
  it.each<[string, string, boolean, string | undefined]>([
    ['a relative path', 'js/sync.js', true, path.join('/gateway', 'js', 'sync.js')],
    ['a path to no file yet', 'js/missing.js', true, path.join('/gateway', 'js', 'missing.js')],
    ['an absolute path', '/etc/sg/sync.js', true, '/etc/sg/sync.js'],
    ['a URL', 'http://127.0.0.1:1/sync.js', true, undefined],
    ['a function of several lines', SYNC, true, undefined],
    ['a collection\'s function, never resolved', 'js/sync.js', false, undefined],
  ])('functionFilePath: %s', (_name, value, resolvable, expected) => {
    expect(functionFilePath({ pointer: '/sync', role: 'sync', value, resolvable }, '/gateway')).toBe(expected);
  });

  it('treats a blank sync function or import filter as unset', async () => {
    const { functions, diagnostics } = await runStage('legacy', { databases: { db: { sync: '  \n', import_filter: '' } } });
    expect(functions).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it('under 2.8, which reads no file or URL, a path or URL is the function\'s text: no function, and nothing is read', async () => {
    const { functions, diagnostics } = await runStage('legacy', { databases: { db: { bucket: 'b', sync: 'js/sync.js', import_filter: 'https://h/f.js' } } }, { cwd: gatewayDir, configDir, target: '2.8' });
    expect(diagnostics.map((d) => [d.rule, d.severity, d.pointer])).toEqual([
      ['functions/source-not-found', 'error', '/databases/db/sync'],
      ['functions/source-not-found', 'error', '/databases/db/import_filter'],
    ]);
    expect(diagnostics[0]!.message).toBe('"js/sync.js" looks like a file path or URL, but this release reads no file or URL for a function (the gateway does from 3.0)');
    expect(diagnostics[0]!.detail).toContain('every document write fails');
    expect(functions.map((fn) => [fn.origin, fn.source])).toEqual([['inline', null], ['inline', null]]);
    const inline = await runStage('legacy', legacy(SYNC), { cwd: gatewayDir, configDir, target: '2.8' });
    expect(inline.diagnostics).toEqual([]);
    expect(inline.functions[0]).toMatchObject({ origin: 'inline', source: SYNC });
  });

  it('under 2.8, a blank sync function or import filter is compiled, and fails', async () => {
    const { diagnostics } = await runStage('legacy', { databases: { db: { sync: '  \n', import_filter: ' ' } } }, { target: '2.8' });
    expect(diagnostics.map((d) => [d.rule, d.pointer, d.message])).toEqual([
      ['functions/not-a-function', '/databases/db/sync', 'inline sync function: the source is blank, not a function'],
      ['functions/not-a-function', '/databases/db/import_filter', 'inline import filter: the source is blank, not a function'],
    ]);
    expect(diagnostics[0]!.detail).toContain('every document write fails');
    expect(diagnostics[1]!.detail).toContain('no document is imported');
  });

  it('reads an empty import filter as none only where the validation runs: under 2.8, or upgraded, it runs as no function and imports nothing', async () => {
    const config = { databases: { db: { bucket: 'b', sync: '', import_filter: '' } } };
    for (const options of [{ target: '2.8' as const }, { target: '4.1' as const, upgraded: true }]) {
      const { functions, diagnostics } = await runStage('legacy', config, options);
      expect(functions).toEqual([]);
      expect(diagnostics.map((d) => [d.rule, d.severity, d.pointer, d.message])).toEqual([
        ['functions/not-a-function', 'error', '/databases/db/import_filter', 'the import filter is empty, which this release does not read as unset'],
      ]);
      expect(diagnostics[0]!.detail).toContain('so no document is imported');
    }
    expect((await runStage('legacy', { databases: { db: { bucket: 'b', sync: '', import_filter: '' } } }, { target: '4.1', upgraded: true })).diagnostics[0]!.detail).toContain('The automatic upgrade stores it as it is');
    for (const options of [{ target: '3.0' as const }, { target: '4.1' as const, upgraded: false }]) {
      expect((await runStage('legacy', config, options)).diagnostics).toEqual([]);
    }
    expect((await runStage('database', { bucket: 'b', import_filter: '' }, { target: '4.1' })).diagnostics).toEqual([]);
  });

  it('compiles user function code that is empty or blank in its wrapper, and refuses it', async () => {
    const config = { bucket: 'b', functions: { definitions: { e: { type: 'javascript', code: '' }, b: { type: 'javascript', code: ' \n' } } } };
    const { functions, diagnostics } = await runStage('database', config, { target: '4.1' });
    expect(functions.map((fn) => fn.pointer)).toEqual(['/functions/definitions/b/code']);
    expect(diagnostics.map((d) => [d.rule, d.pointer, d.message])).toEqual([
      ['functions/not-a-function', '/functions/definitions/e/code', 'the user function is empty, which this release does not read as unset'],
      ['functions/not-a-function', '/functions/definitions/b/code', 'inline user function: the source is blank, not a function'],
    ]);
    expect(diagnostics[0]!.detail).toContain('"var userFn = (" + code + ");"');
    expect(diagnostics.every((d) => d.detail!.includes('refuses the config'))).toBe(true);
  });

  it('reads only an empty webhook filter or conflict resolver as none: a blank one is compiled, and fails', async () => {
    const config = {
      bucket: 'b',
      event_handlers: { document_changed: [{ handler: 'webhook', url: 'https://h/x', filter: ' ' }, { handler: 'webhook', url: 'https://h/y', filter: '' }] },
      replications: { r: { remote: 'https://h/db', direction: 'pull', conflict_resolution_type: 'custom', custom_conflict_resolver: '\n' } },
    };
    const { functions, diagnostics } = await runStage('database', config);
    expect(functions.map((fn) => fn.pointer)).toEqual(['/event_handlers/document_changed/0/filter', '/replications/r/custom_conflict_resolver']);
    expect(diagnostics.map((d) => [d.rule, d.pointer])).toEqual([
      ['functions/not-a-function', '/event_handlers/document_changed/0/filter'],
      ['functions/not-a-function', '/replications/r/custom_conflict_resolver'],
    ]);
    expect(diagnostics[0]!.detail).toContain('the webhook posts nothing');
    expect(diagnostics[1]!.detail).toContain('that document is not replicated');
  });

  it('in a legacy file that the target upgrades, a sync function is stored unchecked: compiled at the first write, a blank one too', async () => {
    const broken = await runStage('legacy', { databases: { db: { bucket: 'b', sync: 'function(doc) { if (doc.x { } }' } } }, { target: '4.1', upgraded: true });
    expect(broken.diagnostics).toHaveLength(1);
    expect(broken.diagnostics[0]!.detail).toContain('The automatic upgrade stores it unchecked');
    expect(broken.diagnostics[0]!.detail).toContain('every document write fails');
    const blank = await runStage('legacy', { databases: { db: { bucket: 'b', sync: ' ', import_filter: ' ' } } }, { target: '4.1', upgraded: true });
    expect(blank.diagnostics.map((d) => d.message)).toEqual(['inline sync function: the source is blank, not a function', 'inline import filter: the source is blank, not a function']);
  });

  it('lint tells the stage whether the legacy file is upgraded: legacy mode validates the functions and refuses the config', async () => {
    const file = (mode: Record<string, unknown>) => JSON.stringify({ ...mode, databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true, sync: 'function(doc) { if (doc.x { } }' } } });
    const detailOf = async (mode: Record<string, unknown>) => (await lintText(file(mode), 'sg.json', { env: {}, remote: false, target: '4.1' })).diagnostics.find((d) => d.rule === 'functions/syntax-error')?.detail;
    expect(await detailOf({})).toContain('The automatic upgrade stores it unchecked');
    expect(await detailOf({ disable_persistent_config: true })).toContain('refuses the config');
  });

  it.each([
    ['sync', '3.0', { sync: 'function(doc) { if (doc.x { } }' }, 'refuses the config'],
    ['sync', '2.8', { sync: 'function(doc) { if (doc.x { } }' }, 'every document write fails'],
    ['webhook filter', '4.1', { event_handlers: { document_changed: [{ handler: 'webhook', url: 'https://h/x', filter: 'function(doc) { return }}' }] } }, 'the webhook posts nothing'],
    ['conflict resolver', '4.1', { replications: { r: { remote: 'https://h/db', conflict_resolution_type: 'custom', custom_conflict_resolver: 'function(c) { return c.LocalDocument; };' } } }, 'that document is not replicated'],
  ] as const)('says what the gateway does with a %s that does not compile, under %s', async (_role, target, db, outcome) => {
    const { diagnostics } = await runStage('legacy', { databases: { db: { bucket: 'b', ...db } } }, { target });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.detail).toContain(outcome);
    if (outcome !== 'refuses the config') expect(diagnostics[0]!.detail).not.toContain('refuses');
  });

  it('in a 3.x database config, a file for sync is rejected by the gateway (lint) but expected for build', async () => {
    const lint = await runStage('database', { bucket: 'b', sync: 'js/sync.js' }, { cwd: gatewayDir, configDir });
    expect(lint.diagnostics).toEqual([expect.objectContaining({ rule: 'functions/external-source-in-database-config', severity: 'error', pointer: '/sync' })]);
    const build = await runStage('database', { bucket: 'b', sync: 'js/sync.js' }, { cwd: gatewayDir, configDir, purpose: 'build' });
    expect(build.diagnostics).toEqual([]);
    expect(build.functions[0]).toMatchObject({ origin: 'file', source: SYNC });
  });

  it('in a 3.x database config, a conflict resolver file is a warning and a webhook filter file is fine', async () => {
    writeFileSync(path.join(gatewayDir, 'js', 'resolver.js'), 'function(conflict) { return conflict.LocalDocument; }');
    writeFileSync(path.join(gatewayDir, 'js', 'filter.js'), 'function(doc) { return true; }');
    const config = {
      bucket: 'b',
      replications: { r: { remote: 'https://h/db', direction: 'pull', conflict_resolution_type: 'custom', custom_conflict_resolver: 'js/resolver.js' } },
      event_handlers: { document_changed: [{ handler: 'webhook', url: 'https://h/x', filter: 'js/filter.js' }] },
    };
    const { diagnostics } = await runStage('database', config, { cwd: gatewayDir, configDir });
    expect(diagnostics).toEqual([expect.objectContaining({
      rule: 'functions/external-source-in-database-config', severity: 'warning', pointer: '/replications/r/custom_conflict_resolver',
    })]);
  });

  it('recognises values that read as paths or URLs, and not real code', () => {
    for (const v of ['sync.js', './sync.js', '/etc/sg/sync.js', 'C:\\sg\\sync.js', 'functions/sync', 'ftp://h/sync.js']) expect(looksLikeLocation(v), v).toBe(true);
    for (const v of ['function(doc){}', 'sync', 'function(doc) { channel("a/b"); }', '']) expect(looksLikeLocation(v), v).toBe(false);
  });
});
