// The executable as shipped: bin/sgconf.js runs the bundle (dist/sgconf.cjs and its chunks) through V8's
// code cache (src/launch.cts, scripts/bundle.mjs). What a user sees must not depend on that: same output
// as the ES modules of dist/, a stale cache rebuilt, a missing build explained, output never cut short.
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeCertificateFixtures } from '../certs/fixtures.js';
import { runCli } from '../helpers/cli.js';
import { NODE_FLAGS } from '../helpers/node-flags.js';
import { writeSyncCases } from '../../bench/sgtest-cases.js';
import { bareEnvironment } from '../helpers/test-cache.js';

const ROOT = path.resolve(__dirname, '../..');

function sgconf(args: string[], options: { cwd?: string; bin?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [options.bin ?? path.join(ROOT, 'bin', 'sgconf.js'), ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...bareEnvironment(), ...options.env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A copy of the installed package (bin, the bundle, schemas) in a temporary folder. */
function packageCopy(withDist: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-launch-'));
  cpSync(path.join(ROOT, 'bin'), path.join(dir, 'bin'), { recursive: true });
  cpSync(path.join(ROOT, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  if (withDist) {
    for (const name of readdirSync(path.join(ROOT, 'dist'))) {
      if (name === 'launch.cjs' || /^sgconf.*\.cjs(\.v8cache)?$/.test(name)) cpSync(path.join(ROOT, 'dist', name), path.join(dir, 'dist', name));
    }
  }
  return dir;
}

describe('sgconf as shipped (bundle + code cache)', () => {
  it('the build wrote the bundle, its chunks and a code cache for each', () => {
    for (const name of ['sgconf', 'sgconf-validator-legacy', 'sgconf-validator-bootstrap', 'sgconf-validator-database', 'sgconf-yaml']) {
      expect(existsSync(path.join(ROOT, 'dist', `${name}.cjs`)), name).toBe(true);
      expect(statSync(path.join(ROOT, 'dist', `${name}.cjs.v8cache`)).size, name).toBeGreaterThan(0);
    }
  });

  const runs: [string, string[]][] = [
    ['lint, stylish', ['lint', 'examples', 'test/cli/fixtures', '--no-remote']],
    ['lint, json', ['lint', 'examples', 'test/cli/fixtures', '--no-remote', '--format', 'json']],
    ['lint, sarif', ['lint', 'examples', 'test/cli/fixtures', '--no-remote', '--format', 'sarif']],
    ['lint, github', ['lint', 'examples', 'test/cli/fixtures', '--no-remote', '--format', 'github']],
    ['lint of a missing file', ['lint', 'no/such/file.json']],
    ['plan', ['plan', 'examples/legacy/sync_gateway.json', '--from', '2.8', '--to', '3.1']],
    ['schema', ['schema', 'database']],
    ['version', ['--version']],
    ['unknown command', ['frobnicate']],
  ];
  it.each(runs)('%s: the bundle prints and exits exactly as the ES modules do', (_, args) => {
    const bundled = sgconf(args);
    const modules = sgconf(args, { env: { SGCONF_NO_BUNDLE: '1' } });
    expect(bundled.stderr).not.toContain('internal error');
    expect(bundled).toEqual(modules);
  });

  /** Every file under `dir` with its mode and bytes, paths relative to it. */
  function tree(dir: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of readdirSync(dir, { recursive: true }) as string[]) {
      const file = path.join(dir, name);
      if (statSync(file).isFile()) out[name] = `${(statSync(file).mode & 0o777).toString(8)} ${readFileSync(file, 'utf8')}`;
    }
    return out;
  }
  it.each([
    ['convert', ['convert', path.join(ROOT, 'examples/legacy/sync_gateway.json'), '--out', 'out', '--decide', 'environment-references=references']],
    ['build', ['build', path.join(ROOT, 'examples/3.x'), '--out', 'out']],
  ])('%s: the bundle writes the same files and prints the same as the ES modules', (_, args) => {
    const runs = [{}, { SGCONF_NO_BUNDLE: '1' }].map((env) => {
      const cwd = mkdtempSync(path.join(os.tmpdir(), 'sgconf-launch-'));
      const result = sgconf(args, { cwd, env });
      return { result: { ...result, stdout: result.stdout.split(cwd).join('<dir>') }, files: tree(path.join(cwd, 'out')) };
    });
    expect(Object.keys(runs[0]!.files).length).toBeGreaterThan(0);
    expect(runs[0]!.result.stderr).not.toContain('internal error');
    expect(runs[0]).toEqual(runs[1]);
  });

  it('a JavaScript tool config (run in a worker outside the bundle) applies the same', () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'sgconf-launch-'));
    cpSync(path.join(ROOT, 'examples', 'legacy'), cwd, { recursive: true });
    writeFileSync(path.join(cwd, '.sgconfrc.mjs'), "export default { rules: { 'webhook/plain-http': 'error', 'webhook/no-filter': 'off' } };\n");
    const bundled = sgconf(['lint', '.', '--format', 'json', '--js-config'], { cwd });
    const modules = sgconf(['lint', '.', '--format', 'json'], { cwd, env: { SGCONF_NO_BUNDLE: '1', SGCONF_JS_CONFIG: '1' } });
    expect(bundled).toEqual(modules);
    expect(bundled.code).toBe(1);
    const rules = JSON.parse(bundled.stdout).results[0].diagnostics.map((d: { rule: string; severity: string }) => `${d.rule} ${d.severity}`);
    expect(rules).toContain('webhook/plain-http error');
    expect(rules.some((r: string) => r.startsWith('webhook/no-filter'))).toBe(false);
  });

  it('a lint of configs with functions (their otto verdicts cached) loads no Node module a cold start need not pay for', () => {
    // Each of these brings node:net, the streams or readline: some 5-15 ms of a start (bench a).
    const heavy = ['crypto', 'child_process', 'tty', 'net', 'stream', 'worker_threads', 'fs/promises'];
    const cache = mkdtempSync(path.join(os.tmpdir(), 'sgconf-otto-cache-'));
    const hook = path.join(cache, 'loaded.cjs');
    writeFileSync(hook, `process.on('exit', () => process._rawDebug('LOADED ' + JSON.stringify(process.moduleLoadList)));`);
    const loaded = () => {
      const run = spawnSync(process.execPath, [...NODE_FLAGS, '--require', hook, path.join(ROOT, 'bin', 'sgconf.js'), 'lint', 'examples/legacy/sync_gateway.json', 'examples/3.x'], {
        cwd: ROOT, env: { PATH: process.env.PATH ?? '', SGCONF_CACHE_DIR: cache }, encoding: 'utf8',
      });
      const line = run.stderr.split('\n').find((l) => l.startsWith('LOADED '));
      return (JSON.parse(line!.slice('LOADED '.length)) as string[]).map((m) => m.replace(/^NativeModule /, ''));
    };
    // The first run asks otto's parser (on the main thread: no worker) and caches its verdicts; the second
    // needs none.
    expect(loaded()).not.toContain('worker_threads');
    expect(Object.keys(JSON.parse(readFileSync(path.join(cache, 'otto-syntax-b87d35c.json'), 'utf8')).verdicts).length).toBeGreaterThan(0);
    expect(loaded().filter((m) => heavy.includes(m))).toEqual([]);
  });

  it('cert, and a config naming certificates (node:crypto loaded only then): the same from the bundle', () => {
    const fx = makeCertificateFixtures();
    const config = path.join(fx.dir, 'bootstrap.json');
    writeFileSync(config, JSON.stringify({ bootstrap: { server: 'couchbases://cb.example.com', username: 'sg', password: 'x', ca_cert_path: fx.caCert }, api: { https: { tls_cert_path: fx.serverCert, tls_key_path: fx.serverKey } } }, null, 2));
    for (const args of [['cert', fx.serverCert, '--ca', fx.caCert, '--format', 'json'], ['lint', config, '--format', 'json']]) {
      const bundled = sgconf(args, { cwd: fx.dir });
      expect(bundled.stderr).not.toContain('internal error');
      expect(bundled).toEqual(sgconf(args, { cwd: fx.dir, env: { SGCONF_NO_BUNDLE: '1' } }));
    }
  });

  it('a remote function (HTTP client loaded lazily inside the bundle) is fetched and checked the same', async () => {
    const server = http.createServer((_, res) => res.end('function (doc) { let owner = doc.owner; channel(owner); }'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const cwd = mkdtempSync(path.join(os.tmpdir(), 'sgconf-launch-'));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sync.js`;
      writeFileSync(path.join(cwd, 'sync_gateway.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'db', sync: url } } }, null, 2));
      const run = (env: Record<string, string>) => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'sgconf.js'), 'lint', 'sync_gateway.json', '--format', 'json', '--allow-host', '127.0.0.1'], { cwd, env: { ...bareEnvironment(), ...env } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
        child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
      const bundled = await run({});
      expect(bundled).toEqual(await run({ SGCONF_NO_BUNDLE: '1' }));
      expect(JSON.parse(bundled.stdout).results[0].diagnostics.map((d: { rule: string }) => d.rule)).toContain('functions/es2015-syntax');
    } finally {
      server.close();
    }
  });

  it('a rejected or missing code cache is rebuilt by the next run, then used as is', () => {
    const dir = packageCopy(true);
    const dist = path.join(dir, 'dist');
    writeFileSync(path.join(dist, 'sgconf.cjs.v8cache'), 'not a code cache');
    const legacyCache = path.join(dist, 'sgconf-validator-legacy.cjs.v8cache');
    cpSync(path.join(ROOT, 'examples'), path.join(dir, 'examples'), { recursive: true });
    writeFileSync(legacyCache, '');
    const expected = sgconf(['lint', 'examples/legacy'], { cwd: dir, bin: path.join(ROOT, 'bin', 'sgconf.js') });

    const first = sgconf(['lint', 'examples/legacy'], { cwd: dir, bin: path.join(dir, 'bin', 'sgconf.js') });
    expect(first).toEqual(expected);
    expect(readFileSync(path.join(dist, 'sgconf.cjs.v8cache')).length).toBeGreaterThan(1000);
    expect(statSync(legacyCache).size).toBeGreaterThan(1000);
    const written = readdirSync(dist).filter((n) => n.endsWith('.v8cache')).map((n) => [n, statSync(path.join(dist, n)).mtimeMs]);
    expect(readdirSync(dist).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    const second = sgconf(['lint', 'examples/legacy'], { cwd: dir, bin: path.join(dir, 'bin', 'sgconf.js') });
    expect(second).toEqual(expected);
    // Accepted caches are left alone.
    expect(readdirSync(dist).filter((n) => n.endsWith('.v8cache')).map((n) => [n, statSync(path.join(dist, n)).mtimeMs])).toEqual(written);
  });

  it('a run with V8 flags of its own leaves the caches as they are (they are for sgconf\'s flags)', () => {
    const dir = packageCopy(true);
    const dist = path.join(dir, 'dist');
    const caches = () => readdirSync(dist).filter((n) => n.endsWith('.v8cache')).map((n) => [n, readFileSync(path.join(dist, n)).toString('base64')]);
    const before = caches();
    const flags = [...NODE_FLAGS, '--stack-size=900'];
    const r = spawnSync(process.execPath, [...flags, path.join(dir, 'bin', 'sgconf.js'), 'lint', path.join(ROOT, 'examples', 'legacy')], { cwd: ROOT, env: bareEnvironment(), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(caches()).toEqual(before);
    const { hasOtherFlags } = createRequire(import.meta.url)('../../dist/launch.cjs') as { hasOtherFlags: (execArgv: readonly string[]) => boolean };
    expect(hasOtherFlags(flags)).toBe(true);
    expect(hasOtherFlags(NODE_FLAGS)).toBe(false);
  });

  it('reads every file of the bundle whole into its one read buffer, a file larger than the buffer too', () => {
    const dir = packageCopy(true);
    const dist = path.join(dir, 'dist');
    cpSync(path.join(ROOT, 'examples'), path.join(dir, 'examples'), { recursive: true });
    const expected = sgconf(['lint', 'examples/legacy'], { cwd: dir, bin: path.join(ROOT, 'bin', 'sgconf.js') });
    // A comment of 3 MB after the code: the core is read after the buffer doubled twice, then the chunks
    // and the caches (the core's rejected: its source changed) into the same buffer.
    const core = path.join(dist, 'sgconf.cjs');
    writeFileSync(core, `${readFileSync(core, 'latin1')}\n//${'x'.repeat(3 * 1024 * 1024)}`, 'latin1');
    expect(sgconf(['lint', 'examples/legacy'], { cwd: dir, bin: path.join(dir, 'bin', 'sgconf.js') })).toEqual(expected);
    expect(sgconf(['lint', 'examples/legacy'], { cwd: dir, bin: path.join(dir, 'bin', 'sgconf.js') })).toEqual(expected);
  });

  it('after a tsc-only rebuild, runs the newer ES modules instead of the older bundle', () => {
    const dir = packageCopy(true);
    cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'dist', 'sgconf.cjs'), '(function () { throw new Error("the stale bundle ran"); })');
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'dist', 'sgconf.cjs'), past, past);
    const r = sgconf(['lint', 'examples'], { bin: path.join(dir, 'bin', 'sgconf.js') });
    expect(r).toEqual(sgconf(['lint', 'examples']));
  });

  it('an installed copy runs its bundle whatever times npm gave its files (the ES modules written later)', () => {
    // npm writes a tarball's files at install time in no particular order: the ES modules can be newer.
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'sgconf-launch-')), 'node_modules', 'sgconf');
    cpSync(packageCopy(true), dir, { recursive: true });
    cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'dist', 'sgconf.cjs'), past, past);
    const installed = sgconf(['--version'], { bin: path.join(dir, 'bin', 'sgconf.js'), env: { SGCONF_DEBUG: '1' } });
    expect(installed.stderr).toBe(`sgconf: running the bundle ${path.join(dir, 'dist', 'sgconf.cjs')}\n`);
    // The same files outside node_modules are a working copy after a tsc-only rebuild: the ES modules run.
    const working = packageCopy(true);
    cpSync(path.join(dir, 'dist'), path.join(working, 'dist'), { recursive: true, preserveTimestamps: true });
    utimesSync(path.join(working, 'dist', 'sgconf.cjs'), past, past);
    expect(sgconf(['--version'], { bin: path.join(working, 'bin', 'sgconf.js'), env: { SGCONF_DEBUG: '1' } }).stderr).toBe('sgconf: running the ES modules of dist/\n');
  });

  it('sgconf test runs the same whether the module the launcher compiles early is there, missing or no module', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-launch-engine-'));
    for (const part of ['bin', 'dist', 'engine/wasm', 'schemas', 'package.json', 'examples/testing']) cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    writeFileSync(path.join(dir, 'engine/wasm/not-a-module.wasm'), 'not WebAssembly');
    const named = path.join(dir, 'dist', 'engine-start.json');
    const expected = sgconf(['test', 'examples/testing'], { cwd: ROOT });
    expect(expected.stdout).toMatch(/11 passed, 0 failed/);
    for (const module of [null, 'engine/wasm/missing.wasm', 'engine/wasm/not-a-module.wasm']) {
      if (module) writeFileSync(named, JSON.stringify({ otto: 'b87d35c', module }));
      const r = sgconf(['test', 'examples/testing'], { cwd: dir, bin: path.join(dir, 'bin', 'sgconf.js') });
      expect(r, String(module)).toEqual(expected);
    }
  });

  it('a suite of many cases runs again in a Node that optimises the engine, with the report a run in process gives', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-optimising-'));
    expect(writeSyncCases(dir, 1500)).toBe(1500);
    expect(statSync(path.join(dir, 'orders.sgtest.json')).size).toBeGreaterThan(256 * 1024);
    // JUnit: the whole report, small enough for a pipe's buffer; its times are the one thing that differs.
    const withoutTimes = (text: string) => text.replace(/ time="[0-9.]+"/g, '');
    const args = ['test', dir, '--allow-path', dir, '--format', 'junit'];
    const shipped = sgconf(args, { env: { SGCONF_DEBUG: '1' } });
    // Two processes said which code they run: the one started, and the one it started with OPTIMISING_FLAGS.
    expect(shipped.stderr.match(/^sgconf: running /gm)).toHaveLength(2);
    const inProcess = await runCli(args, { cwd: ROOT });
    expect(shipped.code).toBe(0);
    expect(inProcess.code).toBe(0);
    expect(withoutTimes(shipped.stdout)).toEqual(withoutTimes(inProcess.stdout));
    expect(shipped.stdout).toContain('tests="1500" failures="0"');
    // A small suite runs where it was started.
    expect(sgconf(['test', 'examples/testing'], { env: { SGCONF_DEBUG: '1' } }).stderr.match(/^sgconf: running /gm)).toHaveLength(1);
  });

  it('without a build, says what to run instead of a stack trace', () => {
    const dir = packageCopy(false);
    const r = sgconf(['lint', 'examples'], { cwd: dir, bin: path.join(dir, 'bin', 'sgconf.js') });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('sgconf: dist/ is missing or incomplete: run `npm ci` (or `npm run build`) in the sgconf folder first\n');
  });

  it('a reader slower than the output gets all of it (the pipe fills up: the writer waits)', async () => {
    const expected = readFileSync(path.join(ROOT, 'schemas', 'legacy.schema.json'), 'utf8');
    expect(expected.length).toBeGreaterThan(64 * 1024); // more than a pipe holds
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'sgconf.js'), 'schema', 'legacy'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.stdout.on('data', (c: Buffer) => {
      // Stop reading for a while after the first chunk: the writer finds the pipe full.
      if (chunks.push(c) === 1) {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 300);
      }
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected.endsWith('\n') ? expected : expected + '\n');
  });

  it('a reader that goes away (sgconf lint | head) ends the run quietly', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'sgconf.js'), 'schema', 'legacy'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('a reader that goes away from a long sgconf test report (sgconf test | head, its workers running) ends the run quietly too', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-head-'));
    writeSyncCases(dir, 1000);
    // A shell's pipe, as a user's: the output outgrows it and the reader is gone when the rest is written.
    const command = `"${process.execPath}" "${path.join(ROOT, 'bin', 'sgconf.js')}" test "${dir}" --allow-path "${dir}" --format junit | head -c 100 >/dev/null; echo "sgconf exited $\{PIPESTATUS[0]}" >&2`;
    const r = spawnSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('sgconf exited 0\n');
  });

  it('the caches the build made are the ones a run takes: the build and every way of starting sgconf use the same V8 flags', () => {
    const shellLine = readFileSync(path.join(ROOT, 'bin', 'sgconf.js'), 'utf8').split('\n')[1]!;
    expect(shellLine).toContain(`exec node ${NODE_FLAGS.join(' ')} "$0" "$@"`);
    for (const config of ['vitest.config.ts', 'vitest.corpus.config.ts', 'vitest.clients.config.ts']) {
      expect(readFileSync(path.join(ROOT, config), 'utf8')).toContain(`execArgv: [${NODE_FLAGS.map((f) => `'${f}'`).join(', ')}]`);
    }
    // Run as a program (the shell line) and as `node bin/sgconf.js` (started again with the flags): the
    // caches are taken as they are, so no run rewrites them.
    const dir = packageCopy(true);
    cpSync(path.join(ROOT, 'examples'), path.join(dir, 'examples'), { recursive: true });
    const caches = () => readdirSync(path.join(dir, 'dist')).filter((n) => n.endsWith('.v8cache')).map((n) => [n, statSync(path.join(dir, 'dist', n)).mtimeMs]);
    const before = caches();
    const program = spawnSync(path.join(dir, 'bin', 'sgconf.js'), ['lint', 'examples'], { cwd: dir, env: bareEnvironment(), encoding: 'utf8' });
    const viaNode = sgconf(['lint', 'examples'], { cwd: dir, bin: path.join(dir, 'bin', 'sgconf.js') });
    expect(program.status).toBe(viaNode.code);
    expect(program.stdout).toBe(viaNode.stdout);
    expect(caches()).toEqual(before);
  });

  it('every WebAssembly module sgconf compiles is valid as a whole, so that V8 validating each function only when it first compiles it (--wasm-lazy-validation) finds nothing', () => {
    expect(NODE_FLAGS).toContain('--wasm-lazy-validation');
    const modules = [
      ...readdirSync(path.join(ROOT, 'engine', 'wasm')).filter((n) => n.endsWith('.wasm')).map((n) => path.join(ROOT, 'engine', 'wasm', n)),
      ...readdirSync(path.join(ROOT, 'dist')).filter((n) => n.endsWith('.wasm')).map((n) => path.join(ROOT, 'dist', n)),
    ];
    // Both programs (engine and parser) of both otto commits, and the parser's trimmed module.
    expect(modules.length).toBeGreaterThanOrEqual(5);
    // This test runs under the same flag: WebAssembly.validate checks every function all the same.
    for (const file of modules) expect([path.basename(file), WebAssembly.validate(readFileSync(file))]).toEqual([path.basename(file), true]);
    const broken = Buffer.from(readFileSync(modules[0]!));
    expect(WebAssembly.validate(broken.subarray(0, broken.length - 7))).toBe(false);
  });

  it('started without the flags, sgconf runs again with them and exits with its code; nothing sets a V8 flag at run time', () => {
    const missing = sgconf(['lint', 'no-such-file.json']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('no-such-file.json');
    expect(sgconf(['lnit']).code).toBe(2);
    const sources = spawnSync('git', ['grep', '-l', 'setFlagsFromString', '--', 'src', 'bin', 'scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(sources.stdout).toBe('');
  });
});
