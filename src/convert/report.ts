// Reporting for convert and build: the diagnostics (through the shared reporters when they exist, with a
// small built-in fallback), the summary after a conversion, and the dry-run listing.
import path from 'node:path';
import type { LintReport } from '../types.js';
import { formatReport } from '../report/index.js';
import { redactSecrets, serialize } from './emit.js';
import { parseDialect } from './dialect.js';
import { expandEnvironment } from '../source/dialect.js';
import type { ConversionResult } from './types.js';
import type { OutputFile } from './writer.js';
import { databaseFileName } from './emit.js';
import { shellWord } from './next-steps.js';
import { isTaken } from './decisions.js';

export type ReportFormat = 'stylish' | 'json';

/** Counts errors and warnings the way lint does. */
export { summarize as toReport } from '../lint.js';

/** Diagnostics in the shared report formats (the same document `lint --format json` prints). */
export async function formatDiagnostics(
  report: LintReport, format: ReportFormat, options: { color: boolean; cwd: string; readSource?: (file: string) => string | null },
): Promise<string> {
  if (format === 'json') return formatReport(report, 'json', options);
  // No findings: say nothing rather than an empty report.
  if (report.results.every((r) => r.diagnostics.length === 0)) return '';
  return formatReport(report, 'stylish', options);
}

/** The short summary after a conversion: what went where, what was dropped, what to do next. */
export function conversionSummary(input: string, outDir: string, release: string, conversion: ConversionResult, files: readonly OutputFile[], mode: 'out' | 'in-place' | 'dry-run', backup?: string): string {
  const lines: string[] = [];
  const databases = Object.keys(conversion.databases);
  const verb = mode === 'dry-run' ? 'Would convert' : 'Converted';
  lines.push(`${verb} ${input}: ${databases.length} database${databases.length === 1 ? '' : 's'} (${databases.join(', ')})${mode === 'in-place' ? ' in place' : ` into ${outDir}`}, for Sync Gateway ${release}`);
  if (backup) lines.push(`  original backed up as ${backup}`);
  for (const file of files) {
    let note = '';
    if (file.path === 'bootstrap.json') {
      note = `server and credentials from database "${conversion.identityFrom}"`;
      if (conversion.credentialsFor.length > 0) note += `; database_credentials for ${conversion.credentialsFor.join(', ')}`;
    } else if (file.path.startsWith('principals/')) {
      const name = databases.find((n) => file.path === `principals/${databaseFileName(n)}.json`);
      const p = name ? conversion.principals[name] : undefined;
      if (p) note = `${count(Object.keys(p.users).length, 'user')}, ${count(Object.keys(p.roles).length, 'role')}`;
    }
    if (file.secret) note += `${note ? '; ' : ''}holds credentials (mode 0600)`;
    lines.push(`  ${file.path.padEnd(28)} ${note}`.trimEnd());
  }
  if (conversion.dropped.length > 0) {
    lines.push(`  dropped: ${conversion.dropped.map((d) => d.pointer.slice(1).split('/').join('.')).join(', ')} (the diagnostics say why)`);
  } else {
    lines.push('  dropped: nothing');
  }
  const taken = conversion.decisions.filter(isTaken);
  if (taken.length > 0) {
    lines.push(`  decisions: ${taken.map((d) => `${d.id}=${d.taken}`).join(', ')}${files.some((f) => f.path === 'decisions.json') ? ' (decisions.json says what each does)' : ''}`);
  }
  // Paths as typed from the folder the command ran in: the printed commands work when pasted there.
  const at = (file: string) => (mode === 'in-place' ? path.join(path.dirname(input), file) : path.join(outDir, file));
  lines.push('', 'Next steps:');
  lines.push(`  1. Start Sync Gateway ${release} with ${mode === 'in-place' ? input : at('bootstrap.json')} as its config.`);
  const variables = referencedVariables(files);
  if (variables.length > 0) {
    lines.push(`     The configs keep references to ${variables.map((v) => `$${v}`).join(', ')}: set them where the gateway runs, and`);
    lines.push('     declare them for sgconf lint in an env file (an empty value is a placeholder: --env-file, or envFiles).');
  }
  // Exported, so that step 3, in the same shell, has them too.
  lines.push('  2. Create the databases and their users and roles, as a gateway admin (your shell keeps these for step 3):');
  lines.push('     export SG_ADMIN_URL=http://localhost:4985 SG_ADMIN_USERNAME=<admin> SG_ADMIN_PASSWORD=<password>');
  lines.push(`     sh ${shellWord(at('load.sh'))}`);
  lines.push('  3. See which old indexes and design documents can go, then run it without preview to remove them:');
  lines.push('     curl -u "$SG_ADMIN_USERNAME:$SG_ADMIN_PASSWORD" -X POST "${SG_ADMIN_URL%/}/_post_upgrade?preview=true"');
  return lines.join('\n') + '\n';
}

/** The environment variables the written configs refer to, as the gateway's expansion reads them, sorted. */
function referencedVariables(files: readonly OutputFile[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    if (!file.path.endsWith('.json')) continue;
    // `$$` is a dollar sign, no variable.
    for (const reference of expandEnvironment(file.content, {}).references) if (reference.text !== '$$') names.add(reference.name);
  }
  return [...names].sort();
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** What `--dry-run` prints: every file with its secrets redacted. */
export function dryRunListing(files: readonly OutputFile[], root: string): string {
  let out = '';
  for (const file of files) {
    out += `--- ${root}${file.path}${file.secret ? ' (mode 0600, secrets redacted)' : ''}\n`;
    out += file.secret ? redactText(file.content) : file.content;
  }
  return out;
}

function redactText(content: string): string {
  try {
    const parsed = parseDialect(content, null);
    return serialize(redactSecrets(parsed.value), parsed.bareReferences);
  } catch {
    return '<content hidden: it holds credentials>\n';
  }
}

