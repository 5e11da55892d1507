// Every example of every rule's docs page does what the page says (ESLint's check-rule-examples idea):
// a failing example draws at least one finding of the rule, a passing one no warning or error of it.
// Each group runs its examples the way a user meets the rule: lint, convert, the certificate check or
// `sgconf test`. A page says how to read an example in its heading: the kind ("(legacy config)"), a target
// ("`--target 2.8`") or Community Edition ("(CE)"). An abbreviated example is marked
// `<!-- not run: reason -->` right above its block, and stays covered by the rule's own test table; a page
// with no example at all says why in `<!-- no example: reason -->`.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../src/rules/index.js';
import { lintText } from '../../src/lint.js';
import { convertLegacy } from '../../src/convert/legacy.js';
import { parseRelease } from '../../src/releases/index.js';
import type { Diagnostic, JsonValue, Kind } from '../../src/types.js';
import { makeCertificateFixtures, type CertificateFixtures } from '../certs/fixtures.js';
import { runCli } from '../helpers/cli.js';
import { examplesOf, type Example } from '../helpers/doc-examples.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Example paths of the certs/* pages and the generated files that play them. */
function certificateFiles(fixtures: CertificateFixtures): Record<string, Record<string, string>> {
  return {
    'certs/expired': { '/etc/sg/client.pem': fixtures.expiredCert, '/etc/sg/client.key': fixtures.expiredKey },
    'certs/file-unreadable': { '/etc/sg/ca.pem': fixtures.missing },
    'certs/half-pair': { '/etc/sg/client.pem': fixtures.serverCert, '/etc/sg/client.key': fixtures.serverKey },
    'certs/key-mismatch': { '/etc/sg/new.pem': fixtures.serverCert, '/etc/sg/old.key': fixtures.otherKey, '/etc/sg/new.key': fixtures.serverKey },
    'certs/not-signed-by-ca': { '/etc/sg/ca.pem': fixtures.caCert, '/etc/sg/self-signed.pem': fixtures.selfSignedCert, '/etc/sg/self-signed.key': fixtures.selfSignedKey, '/etc/sg/client.pem': fixtures.serverCert, '/etc/sg/client.key': fixtures.serverKey },
    'certs/unparseable': { 'certs/server.der': fixtures.derCert, 'certs/server.pem': fixtures.serverCert, 'certs/server.key': fixtures.serverKey },
  };
}

/** The findings of one rule in a JSON report of the CLI (`results` of lint and convert, `files` of test). */
function reported(stdout: string, ruleId: string): Diagnostic[] {
  const report = JSON.parse(stdout) as { results?: { diagnostics: Diagnostic[] }[]; files?: { diagnostics: Diagnostic[] }[] };
  return [...(report.results ?? []), ...(report.files ?? [])].flatMap((f) => f.diagnostics).filter((d) => d.rule === ruleId);
}

let fixtures: CertificateFixtures;
const scratch = mkdtempSync(path.join(tmpdir(), 'sgconf-doc-examples-'));

async function findingsOf(ruleId: string, example: Example): Promise<Diagnostic[]> {
  const kind = /\((legacy|bootstrap|database) config/.exec(example.heading)?.[1] as Kind | undefined;
  const target = parseRelease(/`--target ([\d.]+)`/.exec(example.heading)?.[1] ?? '') ?? undefined;
  const edition = /\bCE\b/.test(example.heading) ? 'ce' : 'ee';
  const group = ruleId.split('/')[0];
  if (group === 'convert') {
    // The real command, in a folder that also holds the function file the pages name.
    const dir = mkdtempSync(path.join(scratch, 'convert-'));
    mkdirSync(path.join(dir, 'functions'));
    writeFileSync(path.join(dir, 'functions/sync.js'), 'function (doc) { channel(doc.channels); }\n');
    writeFileSync(path.join(dir, 'sync_gateway.json'), example.text);
    const run = await runCli(['convert', 'sync_gateway.json', '--dry-run', '--no-remote', '--format', 'json', ...(target ? ['--target', target] : [])], { cwd: dir });
    // The command reports lint's finding where lint and the converter see the same cause; the
    // programmatic converter (convertLegacy of the API) reports the convert/* one.
    let api: Diagnostic[] = [];
    try {
      const value = JSON.parse(example.text) as JsonValue;
      api = convertLegacy(value, target ? { target } : {}).diagnostics.filter((d) => d.rule === ruleId).map((d) => ({ ...d, line: 1, column: 1, endLine: 1, endColumn: 1 }));
    } catch {
      // Not plain JSON (the gateway's dialect): only the command reads it.
    }
    return [...reported(run.stdout, ruleId), ...api];
  }
  if (group === 'sgtest') {
    const dir = mkdtempSync(path.join(scratch, 'sgtest-'));
    writeFileSync(path.join(dir, 'orders.json'), readFileSync(path.join(repo, 'examples/testing/orders.json')));
    writeFileSync(path.join(dir, 'example.sgtest.yaml'), example.text);
    const run = await runCli(['test', 'example.sgtest.yaml', '--format', 'json'], { cwd: dir });
    return reported(run.stdout, ruleId);
  }
  // A function shown on its own is the sync function of a legacy config.
  let text = example.language === 'js' ? JSON.stringify({ databases: { db: { sync: example.text } } }) : example.text;
  const files = group === 'certs' ? certificateFiles(fixtures)[ruleId] ?? {} : {};
  for (const [shown, real] of Object.entries(files)) text = text.split(shown).join(real);
  const name = example.language === 'yaml' ? 'example.yaml' : 'example.json';
  const result = await lintText(text, name, {
    env: {}, remote: false, ...(kind ? { kind } : {}), ...(target ? { target } : {}),
    settings: { edition, host: group === 'certs' },
  });
  return result.diagnostics.filter((d) => d.rule === ruleId);
}

describe('the examples of every rule docs page', () => {
  beforeAll(() => {
    fixtures = makeCertificateFixtures();
  });

  for (const rule of allRules) {
    const page = path.join(repo, 'docs/rules', `${rule.id}.md`);
    it(rule.id, async () => {
      expect(existsSync(page), `docs/rules/${rule.id}.md exists`).toBe(true);
      const text = readFileSync(page, 'utf8');
      const examples = examplesOf(text);
      // A page without a failing example says why (`<!-- no example: reason -->`); the others have a failing one.
      if (/<!-- no example: [^>]{10,} -->/.test(text)) expect(examples.filter((e) => e.role === 'failing')).toEqual([]);
      else expect(examples.some((e) => e.role === 'failing'), 'a failing example').toBe(true);
      for (const example of examples) {
        if (example.notRun !== undefined) {
          expect(example.notRun.length, 'a reason why the example is not run').toBeGreaterThan(10);
          continue;
        }
        const found = await findingsOf(rule.id, example);
        if (example.role === 'failing') expect(found.length, `failing example of ${rule.id}:\n${example.text}`).toBeGreaterThan(0);
        else expect(found.filter((d) => d.severity !== 'info').map((d) => d.message), `passing example of ${rule.id}`).toEqual([]);
      }
    });
  }
});
