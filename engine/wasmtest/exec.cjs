#!/usr/bin/env node
// Runs a Go program built for GOOS=js GOARCH=wasm (a test binary, for `go test -exec`) under this Node,
// with the loader the engine's build copies (../wasm/wasm_exec.js): the tests run with exactly the loader
// the engine runs with. Node 20 has crypto, performance and the text codecs the loader needs.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const [, , binary, ...args] = process.argv;
if (!binary) {
  process.stderr.write('usage: exec.cjs <program.wasm> [arguments]\n');
  process.exit(2);
}
// The program reads and writes files through it (the loader's own stub answers ENOSYS).
globalThis.fs = fs;
require(path.join(__dirname, '..', 'wasm', 'wasm_exec.js'));
const go = new globalThis.Go();
go.argv = [binary, ...args];
go.env = { TMPDIR: os.tmpdir(), ...process.env };
go.exit = (code) => process.exit(code);
WebAssembly.instantiate(fs.readFileSync(binary), go.importObject).then(({ instance }) => {
  // Node ends when nothing is pending; a Go program still running then is deadlocked: resuming it once
  // makes Go report the deadlock with its stacks instead of a silent exit 0.
  process.on('exit', (code) => {
    if (code === 0 && !go.exited) {
      go._pendingEvent = { id: 0 };
      go._resume();
    }
  });
  return go.run(instance);
}).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
