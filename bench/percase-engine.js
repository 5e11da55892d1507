// The engine's cost per call, as the workers pay it: the WebAssembly module compiled as
// src/sync/engine.ts compiles it (V8's baseline compiler only), the batch run in rounds, the best round.
// With --optimised, V8 compiles as it does by default (baseline first, then its optimising compiler for the
// functions that run most), over more rounds: what a call would cost once the optimised code is in place.
// Usage: node --liftoff-only bench/percase-engine.js batch.json   (prints nanoseconds per call)
//        node bench/percase-engine.js batch.json --optimised
// (V8's flags are Node's own, given when it starts: none is changed at run time.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const optimised = process.argv.includes('--optimised');
const require = createRequire(import.meta.url);
require('../engine/wasm/wasm_exec.js');
const go = new globalThis.Go();
// Every function compiled at its first call, as sgconf compiles a module (src/otto/compilation-hints.ts).
const { withCompilationHints } = await import('../dist/otto/compilation-hints.js');
const module = await WebAssembly.compile(withCompilationHints(readFileSync(new URL('../engine/wasm/otto-b87d35c.wasm', import.meta.url))));
// The module imports its memory, and its data segments are a file of their own (scripts/engine-module.mjs
// importMemory, separateData).
const [pages] = WebAssembly.Module.customSections(module, 'sgconf.memoryPages');
const memory = new WebAssembly.Memory({ initial: new DataView(pages).getUint32(0, true) });
const { readData, writeSegments } = await import('../dist/otto/load.js');
writeSegments(memory, readData('engine', 'b87d35c'));
const instance = await WebAssembly.instantiate(module, { ...go.importObject, sgconf: { mem: memory } });
void go.run(instance);
const engine = globalThis.sgconfOtto;
engine.prepare();
const { program, calls } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const compiled = JSON.parse(engine.compile(program.role, program.text, JSON.stringify({ stackDepthLimit: program.stackDepthLimit })));
if (compiled.error) throw new Error(compiled.error);
const batch = JSON.stringify({ program: compiled.id, calls, seeds: calls.map(() => 1) });
let best = Infinity;
for (let round = 0; round < (optimised ? 15 : 3); round++) {
  const start = process.hrtime.bigint();
  engine.run(batch);
  best = Math.min(best, Number(process.hrtime.bigint() - start) / calls.length);
  // The optimising compiler works on background threads: let it finish between rounds.
  if (optimised) await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(Math.round(best));
process.exit(0);
