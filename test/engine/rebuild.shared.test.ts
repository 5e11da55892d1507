// The committed engine (engine/wasm/) is what its sources build: Debian's Go 1.19 rebuilds it byte for byte
// from engine/ with the Go modules of ../shared/goproxy, and the Go packages pass their own tests.
// Needs Go (.ci/run installs Debian's golang-go) and ../shared, so it runs in npm run test:corpus.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const goproxy = path.resolve(root, '..', 'shared', 'goproxy');
const env = { ...process.env, GOPROXY: pathToFileURL(goproxy).href, GOSUMDB: 'off', GOFLAGS: '-mod=readonly' };

function run(command: string, args: string[], cwd = root): string {
  return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('the engine', () => {
  it('has its module proxy beside the clone', () => {
    expect(existsSync(path.join(goproxy, 'github.com', 'robertkrimen', 'otto'))).toBe(true);
  });

  it('rebuilds byte for byte from its sources', () => {
    expect(run('node', ['scripts/build-engine.mjs', '--check'])).toMatch(/rebuilt byte for byte with go1\.19/);
  }, 600_000);

  it('passes its Go tests and go vet, natively and for js/wasm', () => {
    const engine = path.join(root, 'engine');
    expect(run('go', ['test', './...'], engine)).toMatch(/^ok\s+sgconf\/engine\/runner/m);
    // The same tests against the otto 2.8 and 3.0 pin.
    expect(run('go', ['test', '-modfile=go.otto-a813c59.mod', './...'], engine)).toMatch(/^ok\s+sgconf\/engine\/runner/m);
    run('go', ['vet', './...'], engine);
    execFileSync('go', ['vet', './...'], { cwd: engine, env: { ...env, GOOS: 'js', GOARCH: 'wasm' }, stdio: 'ignore' });
  }, 600_000);
});
