// SARIF 2.1.0 for code scanning: every rule of the tool in tool.driver, one result per finding.
import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { docsUrl, packageFile } from '../paths.js';
import type { Rule } from '../rules/types.js';
import { packageVersion } from '../version.js';
import type { LintReport, Severity } from '../types.js';
import { allRules } from '../rules/index.js';
import type { FormatOptions } from './options.js';
import { joinDetail, jsonText } from '../messages.js';
import { findingFingerprint } from './fingerprint.js';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

/** GitHub code scanning keeps at most this many results of one run. */
export const MAX_RESULTS = 25_000;

// Rules about credentials, TLS and certificates: code scanning lists them as security alerts.
const SECURITY_RULE = /^(security|certs)\/|credentials|tls|local-jwt|oidc/;
const SECURITY_SEVERITY: Record<Severity, string> = { error: '7.5', warning: '5.0', info: '2.0' };

/** The rule's docs page (docs/rules/<id>.md): GitHub shows `help` beside every alert and requires it. */
function helpOf(rule: Rule): { text: string; markdown: string } {
  let markdown: string;
  try {
    markdown = readFileSync(packageFile(`docs/rules/${rule.id}.md`), 'utf8');
  } catch {
    markdown = `# ${rule.id}\n\n${rule.description}\n`;
  }
  const fix = /^## How to fix\s*\n([^]*?)(?=\n## |$)/m.exec(markdown)?.[1]?.trim();
  return { text: fix ? `${rule.description} How to fix: ${fix.replace(/\s+/g, ' ')}` : rule.description, markdown };
}

function descriptorOf(rule: Rule): Record<string, unknown> {
  const group = rule.id.split('/')[0]!;
  const security = SECURITY_RULE.test(rule.id);
  return {
    id: rule.id,
    name: rule.id.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase()),
    shortDescription: { text: rule.description },
    fullDescription: { text: rule.description },
    help: helpOf(rule),
    helpUri: docsUrl(`docs/rules/${rule.id}.md`),
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: {
      tags: security && group !== 'security' ? [group, 'security'] : [group],
      ...(security ? { 'security-severity': SECURITY_SEVERITY[rule.severity] } : {}),
    },
  };
}


export function formatSarif(report: LintReport, options: FormatOptions): string {
  const version = packageVersion();
  const rules = [...allRules].sort((a, b) => a.id.localeCompare(b.id));
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const toUri = (file: string): string => {
    const rel = path.relative(options.cwd, path.resolve(options.cwd, file)).split(path.sep).join('/');
    return rel.split('/').map(encodeURIComponent).join('/');
  };
  const results = [];
  let total = 0;
  for (const result of report.results) {
    for (const d of result.diagnostics) {
      total++;
      if (results.length >= MAX_RESULTS) continue;
      const uri = toUri(d.file ?? result.file);
      const entry: Record<string, unknown> = {
        ruleId: d.rule,
        level: LEVEL[d.severity],
        // SARIF shows a message's first sentence where space is short: the message, then its detail.
        message: { text: joinDetail(d.message, d.detail) },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri, uriBaseId: '%SRCROOT%' },
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: Math.max(d.endColumn, d.line === d.endLine ? d.column : 1) },
          },
          ...(d.pointer ? { logicalLocations: [{ fullyQualifiedName: d.pointer || '/', kind: 'member' }] } : {}),
        }],
      };
      const index = ruleIndex.get(d.rule);
      if (index !== undefined) entry.ruleIndex = index;
      entry.partialFingerprints = { 'sgconfFinding/v1': findingFingerprint(d.rule, uri, d.pointer, d.message) };
      results.push(entry);
    }
  }
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'sgconf',
          version,
          semanticVersion: version,
          informationUri: docsUrl('README.md'),
          rules: rules.map(descriptorOf),
        },
      },
      originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(options.cwd.endsWith(path.sep) ? options.cwd : options.cwd + path.sep).href } },
      columnKind: 'utf16CodeUnits',
      // Code scanning drops a run with more results than it keeps: the first MAX_RESULTS, and a note.
      ...(total > MAX_RESULTS ? { invocations: [{ executionSuccessful: true, toolExecutionNotifications: [{ level: 'warning', message: { text: `${total - MAX_RESULTS} of ${total} results are not included: code scanning keeps at most ${MAX_RESULTS} results of one run. Run sgconf lint with --format json for all of them.` } }] }] } : {}),
      // The gateway release every result is about (`--target`).
      properties: { target: report.target },
      results,
    }],
  };
  return jsonText(sarif, 2) + '\n';
}
