// sgconf convert's decisions through the CLI: one run lists every decision and writes nothing; --decide,
// --decisions (YAML, JSON, or the decisions.json a conversion wrote) take them; what is misuse exits 2.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-decisions-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const sgconf = (...args: string[]) => runCli(args, { cwd: dir });

// A 2.8 config as people wrote them: a clear-text server, shared bucket access off, the old log keys.
const legacy = {
  log: ['CRUD', 'HTTP'],
  databases: {
    app: { server: 'couchbase://cb.internal', bucket: 'app', username: 'sg', password: 'sg-pass', users: { ann: { password: 'ann-pass', admin_channels: ['a'] } } },
  },
};

async function input(value: unknown = legacy): Promise<string> {
  await fs.writeFile(path.join(dir, 'sync_gateway.json'), JSON.stringify(value, null, 2));
  return 'sync_gateway.json';
}

describe('convert: decisions', () => {
  it('one run lists every decision, each once, with stable ids, exits 1 and writes nothing', async () => {
    const file = await input();
    const runs = [await sgconf('convert', file, '--out', 'out', '--format', 'json'), await sgconf('convert', file, '--out', 'out', '--format', 'json')];
    for (const r of runs) expect(r.code).toBe(1);
    const decisions = JSON.parse(runs[0]!.stdout).results[0].decisions;
    expect(decisions.map((d: { id: string }) => d.id)).toEqual(['server-tls', 'old-logging', 'shared-bucket-access']);
    expect(JSON.parse(runs[1]!.stdout).results[0].decisions).toEqual(decisions);
    for (const d of decisions) {
      expect(d.question.length).toBeGreaterThan(20);
      expect(d.choices.length).toBeGreaterThan(1);
      for (const c of d.choices) expect(c.effect.length).toBeGreaterThan(20);
    }
    const errors = JSON.parse(runs[0]!.stdout).results[0].diagnostics.filter((d: { severity: string }) => d.severity === 'error');
    expect(errors.map((d: { rule: string }) => d.rule)).toEqual(['convert/decision-needed', 'convert/decision-needed', 'convert/decision-needed']);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
  });

  it('stylish lists the questions and the choices below the report', async () => {
    const r = await sgconf('convert', await input(), '--out', 'out');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('3 decisions to take (--decide ID=CHOICE, --decisions FILE, or --interactive on a terminal):');
    expect(r.stdout).toMatch(/\n {4}clear-text {2}bootstrap\.use_tls_server is false/);
    expect(r.stdout).toContain('nothing was written');
  });

  it('every choice taken: converts, records them in decisions.json and the summary; the configs lint clean for 4.1', async () => {
    const file = await input();
    const r = await sgconf('convert', file, '--out', 'out', '--decide', 'server-tls=tls', '--decide', 'old-logging=carry', '--decide', 'shared-bucket-access=enable');
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('decisions: server-tls=tls, old-logging=carry, shared-bucket-access=enable');
    const bootstrap = JSON.parse(await fs.readFile(path.join(dir, 'out/bootstrap.json'), 'utf8'));
    expect(bootstrap.bootstrap.server).toBe('couchbases://cb.internal');
    expect(bootstrap.logging).toEqual({ console: { log_keys: ['CRUD', 'HTTP'] } });
    const recorded = JSON.parse(await fs.readFile(path.join(dir, 'out/decisions.json'), 'utf8'));
    expect(Object.fromEntries(Object.entries(recorded).map(([id, d]) => [id, (d as { choice: string }).choice]))).toEqual({ 'server-tls': 'tls', 'old-logging': 'carry', 'shared-bucket-access': 'enable' });
    expect(recorded['server-tls'].effect).toContain('couchbases://cb.internal');
    const lint = await sgconf('lint', '--target', '4.1', 'out', '--format', 'json');
    expect(JSON.parse(lint.stdout).errorCount).toBe(0);
  });

  it('--decisions takes a YAML file, a JSON file, or the decisions.json an earlier conversion wrote; --decide wins over it', async () => {
    const file = await input();
    await fs.writeFile(path.join(dir, 'choices.yaml'), 'server-tls: clear-text\nold-logging: drop\nshared-bucket-access: keep-off\n');
    const yaml = await sgconf('convert', file, '--out', 'yaml-out', '--decisions', 'choices.yaml');
    expect(yaml.code, yaml.stdout).toBe(0);
    expect(yaml.stdout).toContain('for Sync Gateway 3.3');
    expect(JSON.parse(await fs.readFile(path.join(dir, 'yaml-out/bootstrap.json'), 'utf8')).bootstrap.use_tls_server).toBe(false);
    const again = await sgconf('convert', file, '--out', 'again', '--decisions', 'yaml-out/decisions.json');
    expect(again.code).toBe(0);
    for (const name of ['bootstrap.json', 'databases/app.json', 'decisions.json']) {
      expect(await fs.readFile(path.join(dir, 'again', name), 'utf8')).toBe(await fs.readFile(path.join(dir, 'yaml-out', name), 'utf8'));
    }
    const overridden = await sgconf('convert', file, '--out', 'json-out', '--decisions', 'yaml-out/decisions.json', '--decide', 'shared-bucket-access=enable');
    expect(overridden.code).toBe(0);
    expect(overridden.stdout).toContain('for Sync Gateway 4.1');
  });

  it('a choice for a decision this input does not ask is a warning; the conversion goes on', async () => {
    const r = await sgconf('convert', await input({ databases: { app: { server: 'couchbases://cb', bucket: 'app', enable_shared_bucket_access: true } } }), '--out', 'out', '--decide', 'server-tsl=tls', '--format', 'json');
    expect(r.code).toBe(0);
    const warning = JSON.parse(r.stdout).results[0].diagnostics.find((d: { rule: string }) => d.rule === 'convert/decision-unused');
    expect(warning).toMatchObject({ severity: 'warning', message: 'decision "server-tsl" was given but this conversion does not ask it' });
  });

  it('a decisions file of 40,000 ids this input does not ask: the first 20 listed, then one finding counts the rest', async () => {
    const ids = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`db${i}.x`, 'keep']));
    await fs.writeFile(path.join(dir, 'many.json'), JSON.stringify(ids));
    const r = await sgconf('convert', await input({ databases: { app: { server: 'couchbases://cb', bucket: 'app', enable_shared_bucket_access: true } } }), '--out', 'out', '--decisions', 'many.json', '--format', 'json');
    expect(r.code).toBe(0);
    const unused = JSON.parse(r.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'convert/decision-unused');
    expect(unused).toHaveLength(21);
    expect(unused[19].message).toBe('decision "db19.x" was given but this conversion does not ask it');
    expect(unused[20].message).toBe('and 39980 more decisions were given that this conversion does not ask, not listed (the first 20 are)');
  });

  it.each([
    [['--decisions', 'twice.yaml'], /--decisions twice\.yaml: the decision "server-tls" is given twice/],
    [['--decide', 'server-tls'], /--decide server-tls: write it as <decision>=<choice>/],
    [['--decide', 'server-tls=tls', '--decide', 'server-tls=clear-text'], /--decide server-tls is given twice/],
    [['--decide', 'server-tls=tsl'], /decision server-tls has no choice "tsl" \(did you mean "tls"\?\); its choices: tls, clear-text/],
    [['--decisions', 'missing.yaml'], /--decisions missing\.yaml: /],
    [['--decisions', 'list.yaml'], /--decisions list\.yaml: it is not an object from decision id to choice/],
    [['--decisions', 'bad.yaml'], /--decisions bad\.yaml: the decision "server-tls" has no choice/],
    [['--interactive'], /--interactive needs a terminal/],
  ])('misuse %j exits 2 with what is wrong', async (args, message) => {
    await fs.writeFile(path.join(dir, 'list.yaml'), '- server-tls\n');
    await fs.writeFile(path.join(dir, 'bad.yaml'), 'server-tls: {}\n');
    await fs.writeFile(path.join(dir, 'twice.yaml'), 'server-tls: tls\nold-logging: keep\nserver-tls: clear-text\n');
    const r = await sgconf('convert', await input(), '--out', 'out', ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
  });

  it('load.sh names every database and principal; the admin credentials are not in it', async () => {
    const r = await sgconf('convert', await input(), '--out', 'out', '--decide', 'server-tls=tls', '--decide', 'old-logging=drop', '--decide', 'shared-bucket-access=enable');
    expect(r.code).toBe(0);
    const script = await fs.readFile(path.join(dir, 'out/load.sh'), 'utf8');
    expect(script).toContain("request PUT /app/ databases/app.json 412");
    expect(script).toContain("request PUT /app/_user/ann - <<'SGCONF_JSON'");
    expect(script).not.toContain('sg-pass');
    expect((await fs.stat(path.join(dir, 'out/load.sh'))).mode & 0o777).toBe(0o600); // it holds ann's password
  });
});
