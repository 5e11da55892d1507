// In-process throughput (measurements c and d), run in a child process by bench/run.js so that each
// measurement starts with a fresh heap.
//
//   node bench/throughput.js <runs> <name>...   names of bench/out inputs (large, large2x)
//
// For every input and every round: the bare baseline (JSON.parse of the strict-JSON form plus
// acorn.parse of every function, ecmaVersion 5 as the gateway's engine) and sgconf's lintText on the
// file as written (backtick strings), in alternation, so that both see the same machine load.
// Prints one JSON object: { [name]: { bytes, strictBytes, functions, baselineMs: [...], lintMs: [...], diagnostics } }.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as acorn from 'acorn';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'out');
const { lintText } = await import(path.join(here, '..', 'dist', 'lint.js'));

const FUNCTION_KEYS = new Set(['sync', 'import_filter', 'filter', 'custom_conflict_resolver']);

/** Every function source of a parsed legacy/database config (the keys the gateway evaluates as JavaScript). */
function functionSources(value, out = []) {
  if (Array.isArray(value)) for (const v of value) functionSources(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (FUNCTION_KEYS.has(k) && typeof v === 'string' && v.trimStart().startsWith('function')) out.push(v);
      else functionSources(v, out);
    }
  }
  return out;
}

function baseline(strictText) {
  const value = JSON.parse(strictText);
  const sources = functionSources(value);
  for (const source of sources) acorn.parse('(' + source + ')', { ecmaVersion: 5 });
  return sources.length;
}

const runs = Number(process.argv[2] ?? 5);
const names = process.argv.slice(3);
const inputs = names.map((name) => ({
  name,
  text: readFileSync(path.join(outDir, `${name}.json`), 'utf8'),
  strictText: readFileSync(path.join(outDir, `${name}.strict.json`), 'utf8'),
}));

const results = {};
for (const input of inputs) {
  results[input.name] = {
    bytes: Buffer.byteLength(input.text), strictBytes: Buffer.byteLength(input.strictText),
    functions: 0, baselineMs: [], lintMs: [], diagnostics: 0,
  };
}

const lintOptions = { env: {}, remote: false };
// Warm-up: the first call loads modules lazily and lets the JIT see the code.
for (const input of inputs) {
  baseline(input.strictText);
  await lintText(input.text, `${input.name}.json`, lintOptions);
}

for (let round = 0; round < runs; round++) {
  for (const input of inputs) {
    const r = results[input.name];
    global.gc?.();
    let t = performance.now();
    r.functions = baseline(input.strictText);
    r.baselineMs.push(performance.now() - t);
    global.gc?.();
    t = performance.now();
    const result = await lintText(input.text, `${input.name}.json`, lintOptions);
    r.lintMs.push(performance.now() - t);
    r.diagnostics = result.diagnostics.length;
  }
}
process.stdout.write(JSON.stringify(results) + '\n');
