// A pull request names a variable of the CI machine's environment in a config: its value must reach no
// function, no output and no request unless the user passed that variable by name (docs/security.md).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const SECRET = 'AKIAsecretvalue0123456789';
const MACHINE = { AWS_SECRET_ACCESS_KEY: SECRET };

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-env-'));
  const sync = 'function (doc) { channel("$AWS_SECRET_ACCESS_KEY"); }';
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync }));
  writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [{ name: 'leak', doc: {}, expect: { channels: ['nothing'] } }] }));
  writeFileSync(path.join(dir, 'doc.json'), '{}');
  return dir;
}

function expectNoSecret(run: { stdout: string; stderr: string }): void {
  expect(run.stdout + run.stderr).not.toContain(SECRET);
}

describe('the CI machine\'s environment', () => {
  it('sgconf test: the variable is undefined in the deployment, in every format', async () => {
    const dir = folder();
    for (const format of ['stylish', 'json', 'junit', 'github']) {
      const r = await runCli(['test', 'db.sgtest.json', '--format', format], { cwd: dir, env: MACHINE });
      expect(r.code).toBe(1);
      expectNoSecret(r);
    }
    const json = JSON.parse((await runCli(['test', 'db.sgtest.json', '--format', 'json'], { cwd: dir, env: MACHINE })).stdout);
    expect(JSON.stringify(json)).toContain('AWS_SECRET_ACCESS_KEY');
  });

  it('dry-run and lint do not read it either', async () => {
    const dir = folder();
    const dry = await runCli(['dry-run', 'db.json', '--doc', 'doc.json'], { cwd: dir, env: MACHINE });
    expectNoSecret(dry);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain('AWS_SECRET_ACCESS_KEY');
    const lint = await runCli(['lint', 'db.json', '--format', 'json'], { cwd: dir, env: MACHINE });
    expectNoSecret(lint);
    expect(lint.stdout).toContain('source/undefined-variable');
  });

  it('--pass-env NAME, or passEnv in the tool config, lets that one variable in', async () => {
    const dir = folder();
    const passed = await runCli(['dry-run', 'db.json', '--doc', 'doc.json', '--pass-env', 'AWS_SECRET_ACCESS_KEY'], { cwd: dir, env: MACHINE });
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain(SECRET);
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ passEnv: ['AWS_SECRET_ACCESS_KEY'] }));
    const configured = await runCli(['test', 'db.sgtest.json', '--format', 'json'], { cwd: dir, env: MACHINE });
    expect(JSON.parse(configured.stdout).results[0].cases[0].actual.channels).toEqual([SECRET]);
  });

  it('sgconf test --no-env reads every $ as written', async () => {
    const dir = folder();
    const r = await runCli(['test', 'db.sgtest.json', '--format', 'json', '--no-env'], { cwd: dir, env: MACHINE });
    expect(JSON.parse(r.stdout).results[0].cases[0].actual.channels).toEqual(['$AWS_SECRET_ACCESS_KEY']);
  });

  it('a bad passEnv in the tool config is a config/invalid error', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, '.sgconfrc.json'), JSON.stringify({ passEnv: 'AWS_SECRET_ACCESS_KEY' }));
    const r = await runCli(['lint', 'db.json'], { cwd: dir, env: MACHINE });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('"passEnv" must be an array of environment variable names');
  });
});
