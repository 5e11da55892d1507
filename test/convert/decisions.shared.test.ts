// The corpus's legacy configs that a 2.8 gateway takes (lint --target 2.8: no error) convert for 4.1 in two
// runs of the real command: the first lists every decision and writes nothing, the second takes one choice
// for each and writes configs that lint passes for the release they are for, with no deprecation. Both ends of every decision
// are taken (the first choices, then the last). The converter's messages keep to one sentence.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../shared/corpus');
const legacyFiles = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1)
  .map((line) => line.split('\t')).filter((cols) => cols[4] === 'legacy').map((cols) => cols[0]!);

interface Report {
  target: string;
  errorCount: number;
  results: { file: string; diagnostics: { rule: string; severity: string; message: string }[]; decisions?: { id: string; choices: { id: string }[] }[] }[];
}

const json = (stdout: string) => JSON.parse(stdout) as Report;

/** The findings that say a key or value is deprecated for the target. */
const DEPRECATIONS = ['schema/deprecated', 'upgrade/removed-key'];

async function takenForTwoRuns(file: string, pick: 'first' | 'last'): Promise<string[]> {
  const problems: string[] = [];
  const input = path.join(corpus, file);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-decisions-'));
  try {
    const first = await runCli(['convert', input, '--out', 'out', '--format', 'json'], { cwd: dir });
    const asked = json(first.stdout).results[0]!.decisions ?? [];
    if (asked.length > 0 && first.code !== 1) problems.push(`first run: exit ${first.code} with decisions pending`);
    const decide = asked.flatMap((d) => ['--decide', `${d.id}=${(pick === 'first' ? d.choices[0] : d.choices[d.choices.length - 1])!.id}`]);
    const second = asked.length === 0 ? first : await runCli(['convert', input, '--out', 'out', '--format', 'json', ...decide], { cwd: dir });
    const report = json(second.stdout);
    const revealed = (report.results[0]!.decisions ?? []).map((d) => d.id).filter((id) => !asked.some((d) => d.id === id));
    if (revealed.length > 0) problems.push(`second run asks what the first did not: ${revealed.join(', ')}`);
    if (second.code !== 0) {
      problems.push(`second run: exit ${second.code}: ${report.results[0]!.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule} ${d.message}`).join(' | ')}`);
      return problems;
    }
    // Choosing references means the deployment sets them: declare every name the input uses.
    const names = [...new Set([...readFileSync(input, 'utf8').matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!))];
    writeFileSync(path.join(dir, 'deploy.env'), names.map((n) => `${n}=x\n`).join(''));
    const lint = json((await runCli(['lint', '--target', report.target, 'out', '--env-file', 'deploy.env', '--format', 'json'], { cwd: dir })).stdout);
    for (const r of lint.results) for (const d of r.diagnostics.filter((x) => x.severity === 'error')) problems.push(`lint --target ${report.target} ${r.file}: ${d.rule} ${d.message}`);
    // Written in the forms the target reads without a deprecation warning (issue 50: import_docs
    // "continuous", num_index_replicas).
    for (const r of lint.results) for (const d of r.diagnostics.filter((x) => x.severity === 'warning' && DEPRECATIONS.includes(x.rule))) problems.push(`lint --target ${report.target} ${r.file}: ${d.rule} ${d.message}`);
    if (pick === 'first' && report.target !== '4.1') problems.push(`written for ${report.target}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}

describe('the legacy corpus converts for 4.1 in two runs', () => {
  const cleanAt28: string[] = [];

  it('finds the configs 2.8 takes', async () => {
    for (const file of legacyFiles) {
      const r = await runCli(['lint', '--target', '2.8', path.join(corpus, file), '--format', 'json'], { cwd: os.tmpdir() });
      if (json(r.stdout).errorCount === 0) cleanAt28.push(file);
    }
    expect(cleanAt28.length).toBeGreaterThan(60);
  });

  for (const pick of ['first', 'last'] as const) {
    it(`each one, taking the ${pick} choice of every decision`, async () => {
      const failed: string[] = [];
      for (const file of cleanAt28) for (const problem of await takenForTwoRuns(file, pick)) failed.push(`${file}: ${problem}`);
      expect(failed).toEqual([]);
    });
  }

  it('the converter\'s messages are one sentence of at most 120 characters besides quoted names', async () => {
    const long: string[] = [];
    for (const file of legacyFiles) {
      for (const target of ['4.1', '3.0']) {
        const r = await runCli(['convert', path.join(corpus, file), '--dry-run', '--format', 'json', '--target', target], { cwd: os.tmpdir() });
        for (const d of json(r.stdout).results.flatMap((x) => x.diagnostics)) {
          if (!d.rule.startsWith('convert/')) continue;
          const rest = d.message.replace(/"[^"]*"/g, '');
          if (rest.length > 120 || /[.;] [A-Z]/.test(rest)) long.push(`${file} (${target}): ${d.rule}: ${d.message}`);
        }
      }
    }
    expect(long).toEqual([]);
  });
});
