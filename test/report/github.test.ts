// --format github against the client that reads it: the workflow-command escaping of @actions/core
// (GitHub's own toolkit), and GitHub's limit of annotations per step.
import { describe, expect, it } from 'vitest';
import * as core from '@actions/core';
import { formatReport } from '../../src/report/index.js';
import type { Diagnostic, LintReport, Severity } from '../../src/types.js';

/** What @actions/core writes for an annotation (it writes workflow commands to standard output). */
function actionsCore(severity: Severity, message: string, props: core.AnnotationProperties): string {
  let written = '';
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string) => { written += chunk; return true; }) as typeof process.stdout.write;
  try {
    if (severity === 'error') core.error(message, props);
    else if (severity === 'warning') core.warning(message, props);
    else core.notice(message, props);
  } finally {
    process.stdout.write = write;
  }
  return written.trim();
}

/** A workflow command as its parts: command, properties (unordered), data. */
function parse(line: string): { command: string; props: Record<string, string>; data: string } {
  const m = /^::(\w+) ([^:]*)::(.*)$/.exec(line)!;
  return { command: m[1]!, props: Object.fromEntries(m[2]!.split(',').map((p) => p.split('=') as [string, string])), data: m[3]! };
}

const finding = (severity: Severity, message: string): Diagnostic => ({ rule: 'schema/unknown-field', severity, message, pointer: '/x', line: 1, column: 2, endLine: 1, endColumn: 5 });
const report = (file: string, diagnostics: Diagnostic[]): LintReport => ({ target: '4.1', errorCount: 0, warningCount: 0, results: [{ file, kind: 'database', diagnostics }] });

describe('github format', () => {
  it.each([
    ['plain'],
    ['commas, colons: and a 100% rate'],
    ['two\nlines\r\nand a carriage return'],
    ['non-ASCII: café, 日本語, emoji 🚀'],
    ['::error::looks like a command'],
  ])('escapes %j exactly as @actions/core does', async (message) => {
    const file = 'dir, with: commas/db.json';
    const ours = parse((await formatReport(report(file, [finding('error', message)]), 'github', { cwd: process.cwd(), color: false })).trim());
    const theirs = parse(actionsCore('error', message, { title: 'schema/unknown-field', file, startLine: 1, endLine: 1, startColumn: 2, endColumn: 5 }));
    expect(ours).toEqual(theirs);
  });

  it('stays within 10 annotations of a level per step, and lists the rest in the log', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...finding('warning', `problem ${i}`), line: i + 1, endLine: i + 1 }));
    const text = await formatReport(report('db.json', many), 'github', { cwd: process.cwd(), color: false });
    const annotations = text.split('\n').filter((l) => l.startsWith('::warning'));
    expect(annotations).toHaveLength(10);
    expect(annotations[9]).toContain('16 more warnings are not shown as annotations');
    for (let i = 9; i < 25; i++) expect(text).toContain(`db.json:${i + 1}:2: warning: problem ${i} [schema/unknown-field]`);
  });
});
