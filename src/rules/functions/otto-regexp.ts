// functions/otto-regexp: a regular expression that the gateway's engine cannot translate to Go's RE2.
import { simple } from 'acorn-walk';
import type { Rule } from '../types.js';
import type { JsNode } from '../../functions/types.js';
import { describeFunction } from '../../functions/roles.js';
import { ottoRegExpRefusal } from '../../functions/otto-regexp.js';

export const rule: Rule = {
  id: 'functions/otto-regexp',
  severity: 'error',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A regular expression uses a lookahead or a backreference, which otto (the gateway\'s engine, on Go\'s RE2) cannot compile.',
  check(context) {
    for (const fn of context.functions) {
      if (!fn.functionNode) continue;
      simple(fn.functionNode, {
        Literal(node) {
          const literal = node as unknown as JsNode;
          if (!literal.regex) return;
          const refusal = ottoRegExpRefusal(literal.regex.pattern as string);
          if (!refusal) return;
          // A literal that otto refuses fails the parse: the gateway refuses the whole function.
          context.reportInFunction({ fn, span: { start: literal.start + 1 + refusal.offset, end: literal.start + 1 + refusal.offset + 2 }, message: `${describeFunction(fn)} has a regular expression the gateway cannot compile (${refusal.reason.replace(/^re2: Invalid /, '')})` });
        },
        NewExpression(node) { checkConstructed(node as unknown as JsNode); },
        CallExpression(node) { checkConstructed(node as unknown as JsNode); },
      });
      function checkConstructed(node: JsNode): void {
        const [pattern] = node.arguments as JsNode[];
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'RegExp' || !pattern || pattern.type !== 'Literal' || typeof pattern.value !== 'string') return;
        const refusal = ottoRegExpRefusal(pattern.value);
        if (!refusal) return;
        // Built at run time: the gateway loads the function, and the call throws a TypeError when it runs.
        context.reportInFunction({ fn, severity: 'warning', span: { start: pattern.start, end: pattern.end }, message: `${describeFunction(fn)} builds a regular expression the gateway cannot compile (${refusal.reason.replace(/^re2: Invalid /, '')})`, detail: 'It throws when this line runs.' });
      }
    }
  },
};
