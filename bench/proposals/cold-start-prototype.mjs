// PROTOTYPE (measurement aid for issue 6, not part of the build): how fast can `sgconf lint` start on
// Node 20 when the lint path is one bundled script run through V8's code cache?
//
//   npm run build && node bench/proposals/cold-start-prototype.mjs
//   node dist/proto/sgconf-cached.cjs lint bench/out/typical.json   (the first run writes the cache)
//
// Needs a bundler: it uses rolldown, which is only present as a transitive dependency of vitest here;
// a real implementation would add rolldown or esbuild as a devDependency. The post-processing below
// (lazy require of yaml/http/https/tls/crypto, per-kind validators compiled on first use) stands in for
// source changes that keep those loads lazy after bundling.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Two levels below the root, like the modules of dist/ (they find ../../schemas and ../../package.json).
const out = path.join(root, 'dist', 'proto');
mkdirSync(out, { recursive: true });
const entry = path.join(out, 'entry.mjs');
writeFileSync(entry, `export { run } from ${JSON.stringify(path.join(root, 'dist/cli/commands/lint.js'))};\nexport { processIO } from ${JSON.stringify(path.join(root, 'dist/cli/io.js'))};\n`);
const bundle = path.join(out, 'lint.cjs');
await build({
  input: entry, platform: 'node',
  external: [/^node:/, 'cosmiconfig', 'yaml', /^ajv/],
  output: { file: bundle, format: 'cjs', codeSplitting: false },
  logLevel: 'warn',
});

// One CommonJS validator module per kind, same options as src/schema/validate.ts.
function validatorModule(kind) {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true, code: { source: true } });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(path.join(root, 'schemas', `${kind}.schema.json`), 'utf8'));
  ajv.compile(schema);
  return `(function () { const exports = {}; ${standaloneCode(ajv, { [kind]: schema.$id }).replace('"use strict";', '')}\n; return exports; })`;
}

let code = readFileSync(bundle, 'utf8');
const lazy = (name, spec) => `let ${name} = new Proxy({}, { get(_, key) { return require(${JSON.stringify(spec)})[key]; } });`;
for (const m of ['http', 'https', 'tls', 'crypto']) code = code.replace(`let node_${m} = require("node:${m}");`, lazy(`node_${m}`, `node:${m}`));
code = code.replace('let yaml = require("yaml");', lazy('yaml', 'yaml'));
const precompiled = /import\(new URL\("\.\/compiled\/validators\.js", [^\n]*?\.href\)\.href\)/;
if (!precompiled.test(code)) throw new Error('the validators import was not found in the bundle');
code = code.replace(precompiled, `Promise.resolve((function () {
  const build = { legacy: ${validatorModule('legacy')}, bootstrap: ${validatorModule('bootstrap')}, database: ${validatorModule('database')} };
  const out = {};
  for (const k of Object.keys(build)) Object.defineProperty(out, k, { enumerable: true, configurable: true, get() { const v = build[k]()[k]; Object.defineProperty(out, k, { value: v }); return v; } });
  return out;
})())`);
code = code.replace('return mod.legacy && mod.bootstrap && mod.database ? mod : null;', 'return mod;');
code = code.replace(/\bimport\(("[^"]+")\)/g, 'Promise.resolve(require($1))');
writeFileSync(bundle, code);

writeFileSync(path.join(out, 'sgconf-cached.cjs'), `#!/usr/bin/env node
// The bundled lint command run through vm.Script with V8's code cache (written after the first run).
const fs = require('node:fs'), vm = require('node:vm'), path = require('node:path'), Module = require('node:module');
const file = path.join(__dirname, 'lint.cjs');
const cacheFile = file + '.v8cache';
const source = fs.readFileSync(file, 'utf8');
let cachedData;
try { cachedData = fs.readFileSync(cacheFile); } catch {}
const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
const mod = { exports: {} };
script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
mod.exports.run(process.argv.slice(3), mod.exports.processIO()).then((code) => {
  process.exitCode = code;
  if (!cachedData || script.cachedDataRejected) { try { fs.writeFileSync(cacheFile, script.createCachedData()); } catch {} }
});
`);
process.stdout.write(`prototype: ${path.relative(root, bundle)} (${(code.length / 1024).toFixed(0)} KB), run ${path.relative(root, path.join(out, 'sgconf-cached.cjs'))} lint <file>\n`);
