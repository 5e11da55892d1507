// The real corpus judged for three releases: every legacy file gets a verdict, and no file gets an error
// that the named release does not give (a release-aware rule errs only where its facts say the target
// refuses) or that depends on this machine (files named by absolute paths live on the gateway host).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint.js';
import { findRule } from '../src/rules/index.js';
import { treatmentIn, type Release } from '../src/releases/index.js';
import { BEHAVIOUR } from '../src/releases/behaviour.js';
import { decodeBytes } from '../src/source/index.js';

const CORPUS = path.resolve(__dirname, '../../shared/corpus');
const legacyFiles = readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1)
  .map((line) => line.split('\t')).filter((cols) => cols[4] === 'legacy').map((cols) => cols[0]!);

describe.each(['2.8', '3.1', '4.1'] as Release[])('the legacy corpus judged for %s', (target) => {
  it('has legacy files to judge', () => {
    expect(legacyFiles.length).toBeGreaterThan(100);
  });

  it('every file gets a verdict; errors only where the target gives them', async () => {
    const wrong: string[] = [];
    for (const file of legacyFiles) {
      const decoded = decodeBytes(readFileSync(path.join(CORPUS, file)));
      if (decoded.text === null) continue; // unreadable bytes: source/unreadable, the same for every release
      const result = await lintText(decoded.text, file, { kind: 'legacy', env: {}, remote: false, target });
      // A verdict: judged as a legacy config, or a finding that says why it could not be (a syntax error).
      expect(result.kind === 'legacy' || result.diagnostics.some((d) => d.rule.startsWith('source/')), file).toBe(true);
      for (const d of result.diagnostics.filter((x) => x.severity === 'error')) {
        const facts = findRule(d.rule)?.facts;
        if (facts && !facts.some((f) => treatmentIn(BEHAVIOUR.get(f)!, target) === 'refuses')) wrong.push(`${file}: ${d.rule} is an error, but ${target} does not refuse it`);
        if ((d.rule === 'certs/file-unreadable' || d.rule === 'functions/source-not-found') && /"\//.test(d.message)) wrong.push(`${file}: ${d.rule} depends on this machine: ${d.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
