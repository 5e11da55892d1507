// functions/throw-shape: in a sync function, only {forbidden: ...} and {unauthorized: ...} become 403 / 401.
import type { Rule } from '../types.js';
import type { JsNode } from '../../functions/types.js';
import { describeFunction } from '../../functions/roles.js';
import { functionFacts } from '../../functions/analysis.js';

const ERROR_CONSTRUCTORS = new Set(['Error', 'TypeError', 'RangeError', 'ReferenceError', 'SyntaxError', 'EvalError', 'URIError']);

/** What is thrown, when we can tell it is not an object with `forbidden` / `unauthorized`; null when fine or unknown. */
function badThrow(argument: JsNode): string | null {
  switch (argument.type) {
    case 'ObjectExpression': {
      const keys = argument.properties
        .filter((p: JsNode) => p.type === 'Property' && !p.computed)
        .map((p: JsNode) => (p.key.type === 'Identifier' ? p.key.name : String(p.key.value)));
      return keys.includes('forbidden') || keys.includes('unauthorized') ? null : 'an object without a `forbidden` or `unauthorized` property';
    }
    case 'NewExpression':
    case 'CallExpression':
      return argument.callee.type === 'Identifier' && ERROR_CONSTRUCTORS.has(argument.callee.name) ? `an ${argument.callee.name} object` : null;
    case 'Literal':
      return typeof argument.value === 'string' ? 'a string' : `the literal ${argument.raw}`;
    case 'TemplateLiteral':
      return 'a string';
    case 'BinaryExpression':
      return argument.operator === '+' && (isString(argument.left) || isString(argument.right)) ? 'a string' : null;
    default:
      return null;
  }
}

function isString(node: JsNode): boolean {
  return (node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral'
    || (node.type === 'BinaryExpression' && node.operator === '+' && (isString(node.left) || isString(node.right)));
}

export const rule: Rule = {
  id: 'functions/throw-shape',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A sync function throws something other than {forbidden: ...} or {unauthorized: ...}: the client gets an HTTP 500 instead of 403 / 401.',
  check(context) {
    for (const fn of context.functions) {
      const node = fn.functionNode;
      if (!node || fn.role !== 'sync') continue;
      for (const statement of functionFacts(node).throws) {
        const what = badThrow(statement.argument);
        if (!what) continue;
        context.reportInFunction({
          fn,
          span: { start: statement.start, end: statement.argument.end },
          message: `the ${describeFunction(fn)} throws ${what}: the client gets HTTP 500`,
          detail: 'The gateway turns only {forbidden: "message"} into HTTP 403 and {unauthorized: "message"} into HTTP 401; anything else is an internal error (HTTP 500).',
        });
      }
    }
  },
};
