// functions/filter-return: import filters and webhook filters must return a boolean (or a boolean string) on every path.
import type { Rule } from '../types.js';
import type { JsNode } from '../../functions/types.js';
import { canCompleteNormally, functionFacts } from '../../functions/analysis.js';
import { BOOLEAN_STRINGS, describeFunction } from '../../functions/roles.js';

/** Literal results that are neither booleans nor strings Go's ParseBool accepts (through ?: branches). */
function nonBooleanResults(expression: JsNode): JsNode[] {
  switch (expression.type) {
    case 'Literal':
      if (typeof expression.value === 'boolean') return [];
      if (typeof expression.value === 'string' && BOOLEAN_STRINGS.has(expression.value)) return [];
      return [expression];
    case 'Identifier':
      return expression.name === 'undefined' ? [expression] : [];
    case 'ConditionalExpression':
      return [...nonBooleanResults(expression.consequent), ...nonBooleanResults(expression.alternate)];
    case 'ObjectExpression':
    case 'ArrayExpression':
    case 'FunctionExpression':
      return [expression];
    default:
      return [];
  }
}

export const rule: Rule = {
  id: 'functions/filter-return',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'An import filter or webhook filter can end without returning, or returns a value that is neither a boolean nor a boolean string: the document is silently not imported / not posted.',
  check(context) {
    for (const fn of context.functions) {
      const node = fn.functionNode;
      if (!node || (fn.role !== 'import_filter' && fn.role !== 'webhook_filter')) continue;
      const outcome = fn.role === 'import_filter' ? 'the document is not imported' : 'the event is not posted';
      const what = describeFunction(fn);
      const reportResult = (bad: JsNode) => {
        const shown = bad.type === 'Literal' ? bad.raw : bad.type === 'Identifier' ? 'undefined' : 'an object';
        context.reportInFunction({
          fn, span: { start: bad.start, end: bad.end },
          message: `the ${what} returns ${shown}, which is not a boolean: ${outcome}`,
          detail: 'The gateway reads only booleans and the strings true/false, 1/0, t/f, TRUE/FALSE and True/False as one.',
        });
      };
      if (node.body.type !== 'BlockStatement') {
        // An arrow function's expression body (already an ES2015 error, but its result is still checked).
        nonBooleanResults(node.body).forEach(reportResult);
        continue;
      }
      for (const ret of functionFacts(node).ownReturns) {
        if (!ret.argument) {
          context.reportInFunction({ fn, span: { start: ret.start, end: ret.end }, message: `\`return;\` in the ${what} returns undefined, not a boolean: ${outcome}` });
        } else {
          nonBooleanResults(ret.argument).forEach(reportResult);
        }
      }
      if (canCompleteNormally(node.body)) {
        context.reportInFunction({
          fn, span: { start: node.body.end - 1, end: node.body.end },
          message: `a path reaches the end of the ${what} without a return, so ${outcome}`,
          detail: 'The result is undefined. Return true or false on every path.',
        });
      }
    }
  },
};
