// SARIF 2.1.0 for code scanning: every rule of the tool in tool.driver, one result per finding.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageVersion } from '../version.js';
import type { LintReport, Severity } from '../types.js';
import { allRules } from '../rules/index.js';
import type { FormatOptions } from './index.js';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };
export const DOCS_BASE = 'https://github.com/sgconf/sgconf/blob/main/docs/rules/';

export function formatSarif(report: LintReport, options: FormatOptions): string {
  const version = packageVersion();
  const rules = [...allRules].sort((a, b) => a.id.localeCompare(b.id));
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const toUri = (file: string): string => {
    const rel = path.relative(options.cwd, path.resolve(options.cwd, file)).split(path.sep).join('/');
    return rel.split('/').map(encodeURIComponent).join('/');
  };
  const results = [];
  for (const result of report.results) {
    for (const d of result.diagnostics) {
      const uri = toUri(d.file ?? result.file);
      const entry: Record<string, unknown> = {
        ruleId: d.rule,
        level: LEVEL[d.severity],
        message: { text: d.message },
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
          informationUri: 'https://github.com/sgconf/sgconf',
          rules: rules.map((r) => ({
            id: r.id,
            name: r.id.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase()),
            shortDescription: { text: r.description },
            fullDescription: { text: r.description },
            helpUri: `${DOCS_BASE}${r.id}.md`,
            defaultConfiguration: { level: LEVEL[r.severity] },
          })),
        },
      },
      originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(options.cwd.endsWith(path.sep) ? options.cwd : options.cwd + path.sep).href } },
      columnKind: 'utf16CodeUnits',
      // The gateway release every result is about (`--target`).
      properties: { target: report.target },
      results,
    }],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
