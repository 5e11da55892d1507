#!/usr/bin/env node
// Build step after tsc and compile-schemas: bundle the CLI (dist/cli/main.js and everything it loads,
// lazily loaded commands included) into one CommonJS file, dist/sgconf.cjs, and the parts only some
// runs need (the validator of each kind, the YAML parser) into chunks, dist/sgconf-<chunk>.cjs; then
// run the bundle on the examples and save V8's code cache of what those runs compiled (<file>.v8cache).
// bin/sgconf.js runs the bundle through those caches (src/launch.cts): a cold `sgconf lint` then
// neither resolves ~200 ES modules nor compiles them from source, and deserializes only the chunks it
// uses (issue 6, measurement a).
//
// The bundle sits directly under dist/, like dist/paths.js, so the package-relative paths of
// src/paths.ts hold in both. Left outside: ajv's compiler (only for a build without compiled validators)
// and the language server's protocol library.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const require = createRequire(import.meta.url);
const { bundleFile, chunkFile, codeCacheFile, loadBundle, needsRelaunch, NODE_FLAGS, writeCodeCaches } = require(path.join(dist, 'launch.cjs'));
const KINDS = ['legacy', 'bootstrap', 'database'];

/** What every file of the build shares: one CommonJS file for Node 20, import() as require. */
const commonJs = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // vm.Script has no loader for import(): every dynamic import becomes a require, still evaluated lazily.
  supported: { 'dynamic-import': false },
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  // Local names shortened: a quarter less source to read and copy on every start (870 to 660 KB for the
  // core), and a smaller code cache. Nothing reads a function's or class's name; properties keep theirs.
  minifyIdentifiers: true,
  logLevel: 'warning',
};

const common = {
  ...commonJs,
  define: { 'import.meta.url': '__sgconfBundleUrl' },
  // The CommonJS wrapper is part of each file (src/launch.cts compiles the file as it is read), with one
  // more parameter: the loader of chunks.
  banner: { js: '(function (exports, require, module, __filename, __dirname, __sgconfLoadChunk) {"use strict";var __sgconfBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  footer: { js: '\n})' },
};

// Chunks: parts that only some runs need, each a file of its own with its own code cache, so that a
// run deserializes only what it uses. In the core, each is replaced by a call to the chunk loader.
const CHUNKS = [
  ...KINDS.map((kind) => ({ name: `validator-${kind}`, entry: path.join(dist, 'schema', 'compiled', `${kind}.js`) })),
  // The YAML parser: JSON configs never need it.
  { name: 'yaml', entry: require.resolve('yaml'), packageName: 'yaml' },
];
const compiledValidator = /[\\/]dist[\\/]schema[\\/]compiled[\\/](legacy|bootstrap|database)\.js$/;
const chunkStubs = {
  name: 'chunk-stubs',
  setup(builder) {
    // An ES module of ours: a stub with the same exports (the compiled validators export `validate` and
    // `schema`).
    builder.onLoad({ filter: compiledValidator }, (args) => ({
      contents: `const chunk = __sgconfLoadChunk(${JSON.stringify(`validator-${compiledValidator.exec(args.path)[1]}`)});\nexport const validate = chunk.validate, schema = chunk.schema;`,
      loader: 'js',
    }));
    // A CommonJS package: a CommonJS stub whose exports are the chunk's.
    for (const chunk of CHUNKS.filter((c) => c.packageName)) {
      builder.onResolve({ filter: new RegExp(`^${chunk.packageName}$`) }, () => ({ path: chunk.name, namespace: 'sgconf-chunk' }));
    }
    builder.onLoad({ filter: /.*/, namespace: 'sgconf-chunk' }, (args) => ({ contents: `module.exports = __sgconfLoadChunk(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};
const outputs = [bundleFile, ...CHUNKS.map((chunk) => chunkFile(chunk.name))];

// acorn builds the Unicode property tables of every ES version (regular expressions with \p{...}) when it
// is loaded, about a millisecond of every cold start; sgconf parses ES5, which never reads them. Here
// each table is built the first time it is read, nothing else changes. Should acorn's code differ, the
// build stops rather than ship an unpatched or half-patched parser.
const ACORN_EAGER_TABLES = `for (var i = 0, list = [9, 10, 11, 12, 13, 14]; i < list.length; i += 1) {
  var ecmaVersion = list[i];

  buildUnicodeData(ecmaVersion);
}`;
const ACORN_LAZY_TABLES = `[9, 10, 11, 12, 13, 14].forEach(function (version) {
  Object.defineProperty(data, version, { configurable: true, enumerable: true, get: function () {
    delete data[version];
    buildUnicodeData(version);
    return data[version];
  } });
});`;
const lazyAcornTables = {
  name: 'lazy-acorn-tables',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]node_modules[\\/]acorn[\\/]dist[\\/]acorn\.mjs$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      if (code.split(ACORN_EAGER_TABLES).length !== 2) throw new Error(`bundle: ${args.path} no longer builds its Unicode tables as expected; update lazyAcornTables in scripts/bundle.mjs`);
      return { contents: code.replace(ACORN_EAGER_TABLES, ACORN_LAZY_TABLES), loader: 'js' };
    });
  },
};

// The code caches are made by a Node started with the CLI's V8 flags (src/launch.cts NODE_FLAGS): V8
// rejects a cache made with other flags.
if (process.argv[2] !== '--warm-up') {
  for (const file of outputs) rmSync(codeCacheFile(file), { force: true });
  await build({
    ...common,
    entryPoints: [path.join(dist, 'cli', 'main.js')],
    outfile: bundleFile,
    // The language server's protocol library loads only with `sgconf lsp`: from node_modules, not the bundle.
    external: ['ajv/dist/2020.js', 'ajv-formats', 'vscode-languageserver', 'vscode-languageserver/node.js', 'vscode-languageserver-textdocument'],
    plugins: [chunkStubs, lazyAcornTables],
  });
  for (const chunk of CHUNKS) await build({ ...common, entryPoints: [chunk.entry], outfile: chunkFile(chunk.name) });

  // The worker threads, each as one plain CommonJS file: the sandbox worker (src/sync/pool.ts starts two)
  // and otto's parser for lint (src/functions/otto-syntax.ts). A thread then neither resolves nor compiles
  // ES modules of dist/ one by one while the main thread reads its inputs. The engine's files
  // (engine/wasm/) load from the package at run time.
  for (const [entry, outfile] of [['sync/worker.js', 'sgconf-worker.cjs'], ['functions/parser-worker.js', 'sgconf-parser-worker.cjs']]) {
    await build({
      ...commonJs,
      define: { 'import.meta.url': '__sgconfWorkerUrl' },
      banner: { js: 'var __sgconfWorkerUrl = require("node:url").pathToFileURL(__filename).href;' },
      entryPoints: [path.join(dist, entry)],
      outfile: path.join(dist, outfile),
    });
  }

  // src/launch.cts reads the files as latin1 (no UTF-8 decoding): that is only right for ASCII.
  for (const file of outputs) {
    const nonAscii = readFileSync(file).findIndex((byte) => byte > 0x7f);
    if (nonAscii >= 0) throw new Error(`bundle: ${file} has a non-ASCII byte at offset ${nonAscii}; escape it in the source`);
  }
  const warmUp = spawnSync(process.execPath, [...NODE_FLAGS, fileURLToPath(import.meta.url), '--warm-up'], { stdio: 'inherit' });
  process.exit(warmUp.status ?? 1);
}
if (needsRelaunch()) throw new Error(`bundle: the warm-up runs with ${NODE_FLAGS.join(' ')}`);

// Warm-up: the runs whose compiled functions go into the caches: every report format, JSON and YAML
// inputs, functions, the validators of all three kinds: every chunk.
const bundle = loadBundle();
if (!bundle) throw new Error(`bundle: ${bundleFile} was not written`);
const quiet = { stdout() {}, stderr() {}, cwd: root, env: {}, isTTY: false };
const examples = path.join(root, 'examples');
for (const format of ['stylish', 'json', 'sarif', 'github']) {
  const args = ['lint', examples, '--no-remote', '--format', format];
  await bundle.entry.main(args, quiet);
}
const loaded = bundle.scripts.map((s) => path.basename(s.file));
if (loaded.length !== outputs.length) throw new Error(`bundle: the warm-up loaded ${loaded.join(', ')}; the examples should need every chunk`);
const failed = writeCodeCaches(bundle, 'all');
if (failed.length > 0) throw new Error(`bundle: could not write ${failed.join(', ')}`);
process.stderr.write(`bundle: dist/{${loaded.join(',')}} and their code caches\n`);
