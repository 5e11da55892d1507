// functions/misspelled-helper: a call to an undefined name one edit away from a helper of the role.
import type { Rule } from '../types.js';
import { functionFacts, isOneEditAway } from '../../functions/analysis.js';
import { describeFunction, JS_GLOBALS, roleBuiltins } from '../../functions/roles.js';

export const rule: Rule = {
  id: 'functions/misspelled-helper',
  severity: 'error',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A call to an undefined function whose name is one edit away from a helper the gateway provides (chanel, requireAcess): it throws a ReferenceError when it runs.',
  check(context) {
    for (const fn of context.functions) {
      const node = fn.functionNode;
      if (!node) continue;
      // `_` is one edit away from every one-letter name: never a suggestion.
      const helpers = roleBuiltins(fn.role).filter((name) => name !== '_');
      for (const call of functionFacts(node).undeclaredCalls) {
        const name: string = call.callee.name;
        if (JS_GLOBALS.has(name) || helpers.includes(name)) continue;
        const suggestion = helpers.find((h) => h.toLowerCase() === name.toLowerCase()) ?? helpers.find((h) => isOneEditAway(h, name));
        if (!suggestion) continue;
        context.reportInFunction({
          fn,
          span: { start: call.callee.start, end: call.callee.end },
          message: `\`${name}\` is not defined in the ${describeFunction(fn)}; did you mean \`${suggestion}\`?`,
          detail: 'The call throws a ReferenceError when it runs.',
        });
      }
    }
  },
};
