// Which function files a config names (lint.ts functionFilesNamed: `sgconf lint orders-sync.js` lints only
// the configs that do): the files analyzeText would read the functions from, found without checking anything.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeText, functionFilesNamed, type LintOptions } from '../../src/lint.js';

const root = mkdtempSync(path.join(tmpdir(), 'sgconf-files-named-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const at = (...parts: string[]) => path.join(root, ...parts);
const MULTI_LINE = 'function (doc) {\n  channel(doc.channels);\n}';

describe('functionFilesNamed', () => {
  it.each<[string, string, string, LintOptions, string[]]>([
    ['a legacy config: a file per database, not a URL or a function of several lines', 'gateway/sync_gateway.json',
      JSON.stringify({ databases: { a: { bucket: 'a', sync: 'js/a-sync.js', import_filter: MULTI_LINE }, b: { bucket: 'b', sync: 'https://example.com/sync.js' } } }),
      { cwd: at('gateway') }, [at('gateway', 'js', 'a-sync.js')]],
    ['a key spelt in another case, as the gateway matches keys', 'db.json', '{"bucket": "b", "Sync": "orders-sync.js"}', { cwd: root }, [at('orders-sync.js')]],
    ['a name that is a variable of the deployment', 'db.yaml', 'bucket: b\nsync: ${SYNC_FILE}\n', { cwd: root, env: { SYNC_FILE: 'js/orders.js' } }, [at('js', 'orders.js')]],
    ['none before 3.0, which reads no function file (the value is the JavaScript)', 'gateway/sync_gateway.json',
      JSON.stringify({ databases: { a: { bucket: 'a', sync: 'js/a-sync.js' } } }), { cwd: at('gateway'), target: '2.8' }, []],
    ['a build source, whose names are relative to itself', 'config/databases/orders.yaml', 'name: orders\nbucket: b\nsync: orders-sync.js\n',
      { cwd: root, sources: { globs: ['config/**'], base: root } }, [at('config', 'databases', 'orders-sync.js')]],
    ['a collection\'s function, always inline', 'db.json', JSON.stringify({ bucket: 'b', scopes: { s: { collections: { c: { sync: 'c-sync.js' } } } } }), { cwd: root }, []],
    ['a file that is no gateway config', 'package.json', '{"name": "app", "version": "1.0.0"}', { cwd: root, discovered: true }, []],
    ['a file that cannot be parsed', 'db.json', '{"bucket": "b", "sync": ', { cwd: root }, []],
  ])('%s', async (_name, file, text, options, expected) => {
    // Named while no such file exists (one created later is read).
    const named = await functionFilesNamed(text, file, options);
    expect(named).toEqual(expected);
    // Once they exist, the files a whole lint of the config reads its functions from.
    for (const functionFile of named) {
      mkdirSync(path.dirname(functionFile), { recursive: true });
      writeFileSync(functionFile, 'function (doc) { channel(doc.channels); }\n');
    }
    const analyzed = await analyzeText(text, file, { ...options, remote: false });
    expect(analyzed.functions.filter((fn) => fn.origin === 'file').map((fn) => fn.locate(0)?.file)).toEqual(named);
  });
});
