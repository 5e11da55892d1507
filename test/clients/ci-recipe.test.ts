// The CI recipe of the README (examples/ci/sgconf.yml) as a runner would run it: its install step, taken
// from the workflow as written with the repository and commit pointed at a clone of this one, then the
// gate's own commands on a pull request's checkout that carries a tool config of its own: the base branch's
// policy judges it (the exit code, GitHub annotations and SARIF).
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { cloneAtHead, ROOT, userEnv } from './checkout';

const work = mkdtempSync(path.join(os.tmpdir(), 'sgconf-ci-recipe-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Step = { name?: string; run?: string; env?: Record<string, string> };

describe('the CI recipe', () => {
  it('installs sgconf from a pinned commit of a clone, and the gate\'s steps run', () => {
    const workflow = parse(readFileSync(path.join(ROOT, 'examples/ci/sgconf.yml'), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
    const steps = Object.values(workflow.jobs)[0]!.steps;
    // The steps this test checks are in the workflow under these names.
    expect(steps.map((s) => s.name)).toEqual(expect.arrayContaining(['Install sgconf', 'The base branch\'s tool config', 'Annotate the pull request', 'Test the sync functions', 'SARIF for code scanning']));
    const install = steps.find((s) => s.name === 'Install sgconf')!;
    expect(install.run).toBeDefined();
    const repo = path.join(work, 'sgconf-clone');
    const commit = cloneAtHead(repo);
    const prefix = path.join(work, 'global');
    const runnerTemp = path.join(work, 'runner-temp');
    mkdirSync(runnerTemp);
    // The runner's environment: the step's own variables, pointed at the clone, and a global npm prefix here.
    const env = userEnv({ ...install.env, SGCONF_REPO: repo, SGCONF_REF: commit, RUNNER_TEMP: runnerTemp, npm_config_prefix: prefix, PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}` });
    const installed = spawnSync('bash', ['-e', '-c', install.run!], { cwd: work, env, encoding: 'utf8', timeout: 600_000 });
    expect(installed.status, `${installed.stdout}${installed.stderr}`).toBe(0);

    // The base branch (its tool config, the policy) on the remote, and the pull request's checkout: a config
    // with one error, and a tool config of its own, deeper down, that turns that rule off.
    const project = path.join(work, 'project');
    mkdirSync(path.join(project, 'config', 'orders'), { recursive: true });
    const git = (...args: string[]) => spawnSync('git', args, { cwd: project, env, encoding: 'utf8' });
    git('init', '--quiet');
    writeFileSync(path.join(project, '.sgconfrc.json'), JSON.stringify({ target: '4.1' }));
    git('add', '.');
    git('-c', 'user.name=base', '-c', 'user.email=base@example.com', 'commit', '--quiet', '-m', 'base');
    const base = git('rev-parse', 'HEAD').stdout.trim();
    spawnSync('git', ['clone', '--quiet', '--bare', project, path.join(work, 'origin.git')], { env });
    git('remote', 'add', 'origin', path.join(work, 'origin.git'));
    writeFileSync(path.join(project, 'config', 'orders', 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', revs_limit: 'twenty' }));
    writeFileSync(path.join(project, 'config', 'orders', '.sgconfrc.json'), JSON.stringify({ rules: { 'schema/type': 'off' } }));
    // A config the gate passes, with a test file of its sync function: one case passes, one fails.
    mkdirSync(path.join(project, 'config', 'shop'));
    writeFileSync(path.join(project, 'config', 'shop', 'db.json'), JSON.stringify({ name: 'shop', bucket: 'shop', sync: 'function (doc) { requireUser(doc.owner); channel("shop-" + doc.owner); }' }));
    writeFileSync(path.join(project, 'config', 'shop', 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [
      { name: 'an owner writes her order', doc: { owner: 'ann' }, userCtx: { name: 'ann' }, expect: { channels: ['shop-ann'] } },
      { name: 'another writes it', doc: { owner: 'ann' }, userCtx: { name: 'bob' }, expect: { rejected: false } },
    ] }));
    expect(spawnSync('sgconf', ['lint', 'config/'], { cwd: project, env }).status, 'the pull request\'s own policy hides the error').toBe(0);
    for (const step of steps.filter((s) => s.run && s.name !== 'Install sgconf')) {
      const r = spawnSync('bash', ['-e', '-c', step.run!], { cwd: project, env: { ...env, BASE_SHA: base }, encoding: 'utf8', timeout: 120_000 });
      if (step.name === 'The base branch\'s tool config') expect(r.status, r.stderr).toBe(0);
      if (step.name === 'Annotate the pull request') {
        expect(r.status).toBe(1);
        expect(r.stdout).toMatch(/^::error file=config\/orders\/db\.json,line=1/m);
      }
      if (step.name === 'Test the sync functions') {
        expect(r.status, r.stderr).toBe(1);
        expect(r.stdout).toMatch(/^::error file=config\/shop\/db\.sgtest\.json,line=1,.*another writes it/m);
        expect(r.stdout).not.toContain('an owner writes her order');
      }
    }
    const sarif = JSON.parse(readFileSync(path.join(project, 'sgconf.sarif'), 'utf8'));
    expect(sarif.runs[0].results.length).toBeGreaterThan(0);
  }, 900_000);
});
