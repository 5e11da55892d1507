// Renderers of a plan: markdown (a checklist a person follows) and JSON (for automation).
import { jsonText, printable } from '../messages.js';
import type { Diagnostic } from '../types.js';
import type { Evidence, Plan, Table } from './types.js';

export function renderJson(plan: Plan): string {
  return jsonText(plan, 2) + '\n';
}

function where(e: { pointer: string; line: number | null }): string {
  const pointer = e.pointer === '' ? '(document)' : `\`${e.pointer}\``;
  return e.line === null ? pointer : `${pointer} line ${e.line}`;
}

function evidenceLine(e: Evidence): string {
  return `- ${where(e)}: ${e.text}`;
}

function table(t: Table): string[] {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${t.headers.map(escape).join(' | ')} |`,
    `|${t.headers.map(() => '---').join('|')}|`,
    ...t.rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ];
}

export function renderMarkdown(plan: Plan): string {
  const out: string[] = [
    `# Upgrade runbook: Sync Gateway ${plan.from} → ${plan.to}`,
    '',
    `Config: \`${plan.file}\` (${plan.kind}). ${plan.steps.length} steps, in order: finish each step and its checks before starting the next.`,
    '',
  ];
  plan.steps.forEach((step, index) => {
    out.push(`## ${index + 1}. ${step.title}`, '', step.why, '');
    if (step.evidence.length) out.push('Evidence in the config:', ...step.evidence.map(evidenceLine), '');
    if (step.table) out.push(...table(step.table), '');
    out.push('Do:');
    for (const action of step.actions) {
      out.push(`- [ ] ${action.text}`);
      if (action.command) out.push('  ```sh', `  ${action.command}`, '  ```');
    }
    out.push('');
    if (step.notes?.length) out.push(...step.notes.map((n) => `> ${n}`), '');
    out.push('Check before the next step:', ...step.checks.map((check) => `- [ ] ${check}`), '');
  });
  if (plan.findings.length) {
    out.push('## Lint findings to review', '');
    const stepNumber = new Map(plan.steps.map((s, i) => [s.id, i + 1]));
    for (const line of plan.findings.map((f) => `- ${f.severity} \`${f.rule}\` ${where(f)}: ${f.message}${f.step ? ` (addressed in step ${stepNumber.get(f.step)})` : ''}`)) out.push(line);
    out.push('');
  }
  return lines(out);
}

/** Each entry is one line: a name or value from the config cannot break it (a `::` command at a line's start). */
function lines(entries: readonly string[]): string {
  return entries.map(printable).join('\n');
}

/** What `sgconf plan` prints when the config has errors that block the upgrade. */
export function renderBlocked(file: string, diagnostics: readonly Diagnostic[], format: 'markdown' | 'json'): string {
  if (format === 'json') {
    return jsonText({ file, blocked: true, diagnostics }, 2) + '\n';
  }
  return lines([
    `# No upgrade runbook for \`${file}\``,
    '',
    `The config has ${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'} that block${diagnostics.length === 1 ? 's' : ''} the upgrade; fix ${diagnostics.length === 1 ? 'it' : 'them'} first:`,
    '',
    ...diagnostics.map((d) => `- ${d.severity} \`${d.rule}\` ${where(d)}${d.file ? ` in ${d.file}` : ''}: ${d.message}`),
    '',
  ]);
}
