// Parity check: the validators compiled at build time (dist/schema/compiled/validators.js, written by
// scripts/compile-schemas.mjs) must report exactly the errors of the validators src/schema/validate.ts
// compiles at run time, because the diagnostics are built from ajv's error objects.
//
//   node bench/check-compiled.js      (after npm run build; exit 1 on any difference)
//
// Documents: the benchmark inputs, the examples, the real configs of ../shared/corpus when present, and
// for each of them seeded mutations (a wrong type, null, an unknown key, a bad enum value at random
// places) so that the errors are compared too, not just "valid".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { generate, prng } from './generate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const dist = (p) => path.join(root, 'dist', p);
const { parseSource, decodeBytes } = await import(dist('source/index.js'));
const { detectKind } = await import(dist('kinds/index.js'));
const { normalizeKeys } = await import(dist('schema/normalize.js'));
const { loadSchema } = await import(dist('schema/schemas.js'));
const compiled = await import(dist('schema/compiled/validators.js'));

// Exactly the runtime compilation of src/schema/validate.ts.
const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true });
addFormats(ajv);
const runtime = { legacy: ajv.compile(loadSchema('legacy')), bootstrap: ajv.compile(loadSchema('bootstrap')), database: ajv.compile(loadSchema('database')) };

function files(dir) {
  const out = [];
  let entries;
  try { entries = readdirSync(dir); } catch { return out; }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...files(full));
    else if (/\.(json|ya?ml|config|template)$/i.test(name) && !name.endsWith('.strict.json')) out.push(full);
  }
  return out;
}

generate(path.join(here, 'out'));
const sources = [
  path.join(here, 'out', 'typical.json'),
  ...files(path.join(here, 'out', 'many')).slice(0, 20),
  ...files(path.join(root, 'examples')),
  ...files(path.resolve(root, '..', 'shared', 'corpus')),
];

const { ensureYamlSupport } = await import(dist('source/index.js'));
await ensureYamlSupport();

const rand = prng(6004);
const WRONG = [42, 'not-a-valid-value', null, true, [], {}, -1, 1.5, 'pushAndPull ', { unexpected_key: 1 }];

function paths(value, prefix = [], out = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

function mutate(doc) {
  const copy = structuredClone(doc);
  const all = paths(copy).filter((p) => p.length > 0);
  if (all.length === 0) return copy;
  for (let n = 0; n < 3; n++) {
    const p = all[Math.floor(rand() * all.length)];
    let parent = copy;
    for (const k of p.slice(0, -1)) parent = parent?.[k];
    if (!parent || typeof parent !== 'object') continue;
    if (rand() < 0.2 && !Array.isArray(parent)) parent[`unknwon_${Math.floor(rand() * 100)}`] = 'x';
    else parent[p[p.length - 1]] = structuredClone(WRONG[Math.floor(rand() * WRONG.length)]);
  }
  return copy;
}

let documents = 0;
let withErrors = 0;
let errorsCompared = 0;
const differences = [];
for (const file of sources) {
  const decoded = decodeBytes(readFileSync(file));
  if (decoded.text === null) continue;
  const format = /\.ya?ml$/i.test(file) ? 'yaml' : 'json';
  const parsed = parseSource(decoded.text, file, { env: {}, format });
  if (!parsed.document) continue;
  const { kind } = detectKind(parsed.document.value);
  const value = parsed.document.value;
  if (!kind || !value || typeof value !== 'object' || Array.isArray(value)) continue;
  const canonical = normalizeKeys(kind, value).value;
  for (const doc of [canonical, ...Array.from({ length: 8 }, () => mutate(canonical))]) {
    documents++;
    const a = runtime[kind](doc);
    const b = compiled[kind](doc);
    const ea = JSON.stringify(runtime[kind].errors ?? []);
    const eb = JSON.stringify(compiled[kind].errors ?? []);
    if (!a) { withErrors++; errorsCompared += (runtime[kind].errors ?? []).length; }
    if (a !== b || ea !== eb) differences.push({ file: path.relative(root, file), kind, runtime: ea.slice(0, 300), compiled: eb.slice(0, 300) });
  }
}

process.stdout.write(`check-compiled: ${documents} documents from ${sources.length} files (${withErrors} invalid, ${errorsCompared} ajv errors compared): ${differences.length === 0 ? 'precompiled and runtime validators agree' : `${differences.length} DIFFER`}\n`);
for (const d of differences.slice(0, 5)) process.stdout.write(`  ${d.file} (${d.kind})\n    runtime:  ${d.runtime}\n    compiled: ${d.compiled}\n`);
process.exitCode = differences.length === 0 ? 0 : 1;
