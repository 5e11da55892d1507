// Runs a rule's table of valid and invalid configs through the real lint pipeline (ESLint's RuleTester idea).
import { describe, expect, it } from 'vitest';
import { lintText, type LintOptions } from '../../src/lint.js';
import type { Rule } from '../../src/rules/types.js';
import type { Diagnostic, Kind, Severity } from '../../src/types.js';
import { judgedLength, MESSAGE_LIMIT, splitMessage } from '../../src/messages.js';
import { caseConfig, casesOf } from '../functions/cases/corpus.js';

export interface ValidCase {
  name?: string;
  kind: Kind;
  /** A config object (serialised as JSON) or the exact text of a config file. */
  config: unknown;
  options?: LintOptions;
}

export interface ExpectedFinding {
  /** Pointer as written in the document. */
  pointer: string;
  /** A substring, or a pattern, the message must match. */
  message?: string | RegExp;
  severity?: Severity;
  line?: number;
  column?: number;
  /** Where the finding's span ends (exclusive, as the JSON report's endColumn). */
  endColumn?: number;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedFinding[];
}

export async function lintForRule(ruleId: string, c: ValidCase): Promise<Diagnostic[]> {
  const config = caseConfig(c.config);
  const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
  const result = await lintText(text, 'test-config.json', { env: {}, remote: false, ...c.options, kind: c.kind });
  return result.diagnostics.filter((d) => d.rule === ruleId);
}

/** What a case table compares: a finding's pointer, message, severity and (when known) position. */
export type Finding = Pick<Diagnostic, 'pointer' | 'message' | 'severity'> & Partial<Pick<Diagnostic, 'line' | 'column' | 'endColumn' | 'detail'>>;

/** A rule's table, without the cases that read the corpus (those run in npm run test:corpus). */
export function runRuleTests(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  runCaseTable(rule.id, casesOf(cases, 'own'), (c) => lintForRule(rule.id, c));
}

/** A table of valid and invalid cases, with the findings of each case produced by `findingsOf`. */
export function runCaseTable(title: string, cases: { valid: ValidCase[]; invalid: InvalidCase[] }, findingsOf: (c: ValidCase) => Promise<Finding[]>, options: { complete?: boolean } = {}): void {
  describe(title, () => {
    // A rule's own table shows both sides; a part of one (its corpus cases) need not.
    if (options.complete !== false) it('has at least one valid and one invalid case', () => {
      expect(cases.valid.length).toBeGreaterThan(0);
      expect(cases.invalid.length).toBeGreaterThan(0);
    });
    cases.valid.forEach((c, i) => {
      it(`valid #${i + 1}${c.name ? `: ${c.name}` : ''}`, async () => {
        const found = await findingsOf(c);
        expect(found.map((d) => `${d.pointer}: ${d.message}`)).toEqual([]);
      });
    });
    cases.invalid.forEach((c, i) => {
      it(`invalid #${i + 1}${c.name ? `: ${c.name}` : ''}`, async () => {
        const found = await findingsOf(c);
        expect(found.map((d) => d.pointer).sort()).toEqual(c.errors.map((e) => e.pointer).sort());
        // Every message is one sentence of at most MESSAGE_LIMIT characters; the rest is its detail.
        for (const d of found) {
          expect(judgedLength(d.message), `message of ${MESSAGE_LIMIT} characters at most: ${d.message}`).toBeLessThanOrEqual(MESSAGE_LIMIT);
          expect(splitMessage(d.message).detail, `one sentence: ${d.message}`).toBeUndefined();
        }
        for (const expected of c.errors) {
          const match = found.find((d) => d.pointer === expected.pointer && matches(d, expected));
          expect(match, `finding at ${expected.pointer} matching ${String(expected.message)}; got ${JSON.stringify(found)}`).toBeDefined();
        }
      });
    });
  });
}

function matches(d: Finding, e: ExpectedFinding): boolean {
  if (e.severity && d.severity !== e.severity) return false;
  if (e.line !== undefined && d.line !== undefined && d.line !== e.line) return false;
  if (e.column !== undefined && d.column !== undefined && d.column !== e.column) return false;
  if (e.endColumn !== undefined && d.endColumn !== e.endColumn) return false;
  if (e.message === undefined) return true;
  // The expectation may name words of the message or of its detail (where a sentence starts with a capital).
  const text = d.detail ? `${d.message}\n${d.detail}` : d.message;
  return typeof e.message === 'string' ? text.toLowerCase().includes(e.message.toLowerCase()) : e.message.test(text);
}
