// functions/otto-regexp: a regular expression that the gateway's engine cannot translate to Go's RE2.
import type { Rule } from '../types.js';
import type { JsNode } from '../../functions/types.js';
import { describeFunction } from '../../functions/roles.js';
import { ottoRegExpRefusal, re2SpaceClassAt } from '../../functions/otto-regexp.js';
import { functionFacts } from '../../functions/analysis.js';
import { underTarget } from '../../releases/index.js';

export const rule: Rule = {
  id: 'functions/otto-regexp',
  severity: 'error',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A regular expression uses a lookahead or a backreference, which otto (the gateway\'s engine, on Go\'s RE2) cannot compile, a named group that the Go of older releases cannot compile, or \\s, which RE2 reads more narrowly.',
  facts: ['regexp-named-group'],
  check(context) {
    // Named groups: what the target's Go makes of them (null when it reads them).
    const namedGroups = context.judge('regexp-named-group');
    for (const fn of context.functions) {
      if (!fn.functionNode) continue;
      // The function rules' one walk of the tree lists the literals and the RegExp calls.
      const facts = functionFacts(fn.functionNode);
      for (const literal of facts.regExpLiterals) {
        const refusal = ottoRegExpRefusal(literal.regex.pattern as string, !namedGroups);
        if (!refusal) {
          reportSpaceClass(literal.regex.pattern as string, literal.start + 1);
          continue;
        }
        const span = { start: literal.start + 1 + refusal.offset, end: literal.start + 1 + refusal.offset + (refusal.namedGroup ? 3 : 2) };
        if (refusal.namedGroup) {
          context.reportInFunction({ fn, span, ...namedGroupFinding(`${describeFunction(fn)} has a named group the gateway cannot compile`, 'the gateway cannot load the function') });
          continue;
        }
        // A literal that otto refuses fails the parse: the gateway refuses the whole function.
        context.reportInFunction({ fn, span, message: `${describeFunction(fn)} has a regular expression the gateway cannot compile (${refusal.reason.replace(/^re2: Invalid /, '')})` });
      }
      for (const call of facts.regExpConstructions) checkConstructed(call);
      /** A named group the target's Go refuses: the finding under the target, with what it does there. */
      function namedGroupFinding(message: string, consequence: string) {
        return underTarget(namedGroups!, message, `Go's regexp reads (?<name>...) only from Go 1.22, and otto hands it the pattern as written: ${consequence}. Write (?P<name>...), which every release reads, or an unnamed group.`);
      }
      function reportSpaceClass(pattern: string, patternStart: number): void {
        const at = re2SpaceClassAt(pattern);
        if (at >= 0) reportSpaceClassAt(patternStart + at, patternStart + at + 2);
      }
      function reportSpaceClassAt(start: number, end: number): void {
        context.reportInFunction({
          fn, severity: 'info', span: { start, end },
          message: `${describeFunction(fn)} uses \\s, which the gateway matches as [\\t\\n\\f\\r ] only`,
          detail: 'otto hands the pattern to Go\'s RE2, whose \\s has no vertical tab and no Unicode spaces (U+00A0, U+2028, U+FEFF ...); JavaScript\'s has; sgconf test matches as the gateway does. Write the characters you mean, e.g. [ \\t\\n\\r].',
        });
      }
      function checkConstructed(node: JsNode): void {
        const [pattern] = node.arguments as JsNode[];
        if (!pattern || pattern.type !== 'Literal' || typeof pattern.value !== 'string') return;
        const refusal = ottoRegExpRefusal(pattern.value, !namedGroups);
        if (!refusal) {
          // The string's escapes are not the pattern's: point at the string.
          if (re2SpaceClassAt(pattern.value) >= 0) reportSpaceClassAt(pattern.start, pattern.end);
          return;
        }
        if (refusal.namedGroup) {
          context.reportInFunction({ fn, span: { start: pattern.start, end: pattern.end }, ...namedGroupFinding(`${describeFunction(fn)} builds a named group the gateway cannot compile`, 'it throws when this line runs'), severity: 'warning' });
          return;
        }
        // Built at run time: the gateway loads the function, and the call throws a TypeError when it runs.
        context.reportInFunction({ fn, severity: 'warning', span: { start: pattern.start, end: pattern.end }, message: `${describeFunction(fn)} builds a regular expression the gateway cannot compile (${refusal.reason.replace(/^re2: Invalid /, '')})`, detail: 'It throws when this line runs.' });
      }
    }
  },
};
