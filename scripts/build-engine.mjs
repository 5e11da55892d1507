#!/usr/bin/env node
// Builds the engine (engine/, a Go module: otto and the gateway's Go side) into engine/wasm/, once for each
// otto the gateway has pinned: otto-b87d35c.wasm with go.mod (3.1 to 4.1.1), otto-a813c59.wasm with
// go.otto-a813c59.mod (2.8 and 3.0), the same sources; likewise parser-<otto>.wasm, otto's parser alone
// (cmd/parser, for lint's syntax check); and copies beside them the Go toolchain's own
// loader, wasm_exec.js, with the Go license it carries. The
// built files are committed, so that `npm ci` needs no Go; this script makes them again, byte for byte
// with the same Go (the Go of the newest gateway release sgconf targets: 4.1.1's go.mod asks for 1.26):
// -trimpath and an empty build id leave no path or time in the module; -checklinkname=0 lets engine/heap
// name the runtime's blocMax, which no package of the standard library exports. Each module then gets its
// globals exported (a start image holds them), its memory imported (the host makes it, and writes the image
// into it while the module compiles) and its data segments in a file beside it (<module>.data), which the
// host writes into the memory itself (scripts/engine-module.mjs). The engine's modules also get the write
// barrier that marks the pages a call writes, for the host's saved states.
//
// Usage: node scripts/build-engine.mjs [--check]
//   --check  build into a temporary folder and compare with the committed files (exit 1 when they differ)
// Go modules come from GOPROXY (the Go module proxy by default). The lock is go.sum (and
// go.otto-a813c59.sum): with -mod=readonly the go command refuses a module that go.sum does not name, and
// checks each downloaded module against the hash go.sum holds for it, so the checksum database is never
// needed for these builds.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportGlobals, importMemory, instrumentEngineModule, separateData } from './engine-module.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engine = path.join(root, 'engine');
const committed = path.join(engine, 'wasm');
/**
 * Each module: its program, the module file (go.mod or an alternative, `go build -modfile`) that pins its
 * otto, and whether it gets the write barrier (the engine does; the parser, which keeps no state between
 * its answers, only has its globals exported).
 */
const MODULES = [
  { file: 'otto-b87d35c.wasm', modfile: 'go.mod', program: './cmd/engine', instrument: true },
  { file: 'otto-a813c59.wasm', modfile: 'go.otto-a813c59.mod', program: './cmd/engine', instrument: true },
  { file: 'parser-b87d35c.wasm', modfile: 'go.mod', program: './cmd/parser', instrument: false },
  { file: 'parser-a813c59.wasm', modfile: 'go.otto-a813c59.mod', program: './cmd/parser', instrument: false },
];
/** A module's data segments, beside it (scripts/engine-module.mjs separateData). */
const dataFile = (file) => file.replace(/\.wasm$/, '.data');
const FILES = [...MODULES.flatMap((m) => [m.file, dataFile(m.file)]), 'wasm_exec.js', 'GO_LICENSE'];
const check = process.argv.includes('--check');

function fail(message) {
  process.stderr.write(`build-engine: ${message}\n`);
  process.exit(2);
}

/** The Go release the committed modules are built with (engine/go.mod's `go` line). */
const GO_RELEASE = 'go1.26';
// GOTOOLCHAIN=local: the machine's Go builds, or the build stops; never a toolchain downloaded for it.
const env = { ...process.env, GOOS: 'js', GOARCH: 'wasm', CGO_ENABLED: '0', GOFLAGS: '-mod=readonly', GOTOOLCHAIN: 'local' };
let goVersion;
try {
  goVersion = execFileSync('go', ['env', 'GOVERSION'], { env, encoding: 'utf8' }).trim();
} catch {
  fail(`no Go toolchain: the engine is built with ${GO_RELEASE}.x (https://go.dev/dl/)`);
}
if (goVersion !== GO_RELEASE && !goVersion.startsWith(`${GO_RELEASE}.`)) fail(`the committed engine is built with ${GO_RELEASE}.x; this is ${goVersion}`);
const goroot = execFileSync('go', ['env', 'GOROOT'], { env, encoding: 'utf8' }).trim();

const out = check ? mkdtempSync(path.join(tmpdir(), 'sgconf-engine-')) : committed;
mkdirSync(out, { recursive: true });
try {
  for (const { file, modfile, program, instrument } of MODULES) {
    const built = path.join(out, `${file}.go-build`);
    execFileSync('go', ['build', `-modfile=${modfile}`, '-buildvcs=false', '-trimpath', '-ldflags=-s -w -buildid= -checklinkname=0', '-o', built, program], { cwd: engine, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const { module, data } = separateData(importMemory((instrument ? instrumentEngineModule : exportGlobals)(readFileSync(built))));
    writeFileSync(path.join(out, file), module);
    writeFileSync(path.join(out, dataFile(file)), data);
    rmSync(built);
  }
  const loader = readFileSync(path.join(goroot, 'lib', 'wasm', 'wasm_exec.js'), 'utf8');
  writeFileSync(path.join(out, 'wasm_exec.js'), `// Copied from ${goVersion}'s lib/wasm/wasm_exec.js by scripts/build-engine.mjs; its license is GO_LICENSE beside it.\n${loader}`);
  writeFileSync(path.join(out, 'GO_LICENSE'), goLicense());
  if (check) {
    const differing = FILES.filter((file) => !readFileSync(path.join(out, file)).equals(readFileSync(path.join(committed, file))));
    if (differing.length > 0) {
      const committedGo = /^\/\/ Copied from (\S+?)'s/.exec(readFileSync(path.join(committed, 'wasm_exec.js'), 'utf8'))?.[1];
      const other = committedGo && committedGo !== goVersion ? ` (they were built with ${committedGo}, this is ${goVersion})` : '';
      process.stderr.write(`build-engine: the rebuilt ${differing.join(', ')} differ from engine/wasm/${other}: run node scripts/build-engine.mjs and commit\n`);
      process.exit(1);
    }
    process.stdout.write(`engine/wasm/ rebuilt byte for byte with ${goVersion}\n`);
  }
} finally {
  if (check) rmSync(out, { recursive: true, force: true });
}

/** The Go license, as the toolchain ships it (LICENSE in GOROOT). */
function goLicense() {
  const license = path.join(goroot, 'LICENSE');
  if (!existsSync(license)) fail(`no Go license found (${license})`);
  return readFileSync(license, 'utf8');
}
