// The committed engine (engine/wasm/) is what its sources build: the machine's Go 1.26 rebuilds it byte for
// byte from engine/ with the Go modules of go.sum, downloaded from the Go module proxy, and the Go packages
// pass their own tests. Needs Go and the module proxy, so it runs in npm run test:corpus (.ci/run).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The proxy and checksum database as configured (Go's defaults): go.sum is the lock, -mod=readonly keeps it.
const env = { ...process.env, GOFLAGS: '-mod=readonly', GOTOOLCHAIN: 'local' };

function run(command: string, args: string[], cwd = root): string {
  return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('the engine', () => {
  it('declares the Go of the newest release it targets (4.1.1: go.mod asks for 1.26), for both otto pins', () => {
    for (const modfile of ['go.mod', 'go.otto-a813c59.mod']) {
      expect(readFileSync(path.join(root, 'engine', modfile), 'utf8')).toMatch(/^go 1\.26$/m);
    }
    expect(run('go', ['env', 'GOVERSION'])).toMatch(/^go1\.26(\.\d+)?\s*$/);
  });

  it('rebuilds byte for byte from its sources', () => {
    expect(run('node', ['scripts/build-engine.mjs', '--check'])).toMatch(/rebuilt byte for byte with go1\.26/);
  }, 600_000);

  it('passes its Go tests and go vet, natively and for js/wasm', () => {
    const engine = path.join(root, 'engine');
    for (const pin of [[], ['-modfile=go.otto-a813c59.mod']]) {
      // The same tests against the otto 2.8 and 3.0 pin.
      const out = run('go', ['test', ...pin, './...'], engine);
      expect(out).toMatch(/^ok\s+sgconf\/engine\/runner/m);
      expect(out).toMatch(/^ok\s+sgconf\/engine\/syntax/m);
    }
    run('go', ['vet', './...'], engine);
    execFileSync('go', ['vet', './...'], { cwd: engine, env: { ...env, GOOS: 'js', GOARCH: 'wasm' }, stdio: 'ignore' });
  }, 600_000);

  // otto's own tests (regular expressions, Date, number formatting, JSON, sort, errors ...: what a function
  // can observe of the engine) built as the engine is, for js/wasm with this Go, and run under this Node
  // (engine/wasmtest/exec.cjs): the otto inside the module behaves as otto's authors tested it.
  // go test's vet is off: otto's sources predate its checks (string(int) conversions at a813c59, Example
  // functions named after no identifier at both), which would stop the build before any test runs.
  it.each([
    ['b87d35c, which 3.1 to 4.1.1 pin', ['-vet=off']],
    ['a813c59, which 2.8 and 3.0 pin', ['-modfile=go.otto-a813c59.mod', '-vet=off']],
  ])('runs otto %s, passing otto\'s own tests', (_otto, options) => {
    const engine = path.join(root, 'engine');
    const out = execFileSync('go', ['test', ...options, `-exec=${path.join(engine, 'wasmtest', 'exec.cjs')}`, 'github.com/robertkrimen/otto', 'github.com/robertkrimen/otto/parser'], {
      cwd: engine, env: { ...env, GOOS: 'js', GOARCH: 'wasm' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toMatch(/^ok\s+github\.com\/robertkrimen\/otto\s/m);
    expect(out).toMatch(/^ok\s+github\.com\/robertkrimen\/otto\/parser\s/m);
  }, 600_000);
});
