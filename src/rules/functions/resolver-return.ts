// functions/resolver-return: a custom conflict resolver must return a document body on every path.
import type { Rule } from '../types.js';
import { canCompleteNormally, functionFacts } from '../../functions/analysis.js';
import { describeFunction } from '../../functions/roles.js';

const OUTCOME = 'the document is not replicated';
const WHY = 'The gateway treats a result that is not an object as an error.';

export const rule: Rule = {
  id: 'functions/resolver-return',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A custom conflict resolver can end without returning a document (conflict.LocalDocument, conflict.RemoteDocument, defaultPolicy(conflict) or a merged body).',
  check(context) {
    for (const fn of context.functions) {
      const node = fn.functionNode;
      if (!node || fn.role !== 'conflict_resolver') continue;
      const what = describeFunction(fn);
      if (node.body.type !== 'BlockStatement') continue;
      for (const ret of functionFacts(node).ownReturns) {
        const argument = ret.argument;
        if (!argument) {
          context.reportInFunction({ fn, span: { start: ret.start, end: ret.end }, message: `\`return;\` in the ${what} returns undefined: ${OUTCOME}`, detail: WHY });
        } else if (argument.type === 'Literal' && argument.value !== null) {
          context.reportInFunction({ fn, span: { start: argument.start, end: argument.end }, message: `the ${what} returns ${argument.raw}, not a document: ${OUTCOME}`, detail: WHY });
        }
      }
      if (canCompleteNormally(node.body)) {
        context.reportInFunction({
          fn, span: { start: node.body.end - 1, end: node.body.end },
          message: `a path reaches the end of the ${what} without a return: ${OUTCOME}`,
          detail: `${WHY} Return conflict.LocalDocument, conflict.RemoteDocument, defaultPolicy(conflict) or a merged body.`,
        });
      }
    }
  },
};
