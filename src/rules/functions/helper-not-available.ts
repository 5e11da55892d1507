// functions/helper-not-available: a helper of one role (channel, access, defaultPolicy ...) called in another role.
import type { Rule } from '../types.js';
import type { FunctionRole } from '../../functions/types.js';
import { functionFacts } from '../../functions/analysis.js';
import { describeFunction, roleName, ROLE_ONLY_HELPERS } from '../../functions/roles.js';

const CONSEQUENCE: Record<FunctionRole, string> = {
  sync: 'the write is rejected',
  import_filter: 'the document is not imported',
  webhook_filter: 'the event is not posted',
  conflict_resolver: 'the conflict is not resolved and the document is not replicated',
  user_function: 'the function call fails',
};

export const rule: Rule = {
  id: 'functions/helper-not-available',
  severity: 'error',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A helper that exists only in another role (channel() in an import filter, defaultPolicy() in a sync function) is called: it throws a ReferenceError.',
  check(context) {
    for (const fn of context.functions) {
      const node = fn.functionNode;
      if (!node) continue;
      for (const call of functionFacts(node).undeclaredCalls) {
        const name: string = call.callee.name;
        const owner = ROLE_ONLY_HELPERS.get(name);
        if (!owner || owner === fn.role) continue;
        context.reportInFunction({
          fn,
          span: { start: call.callee.start, end: call.callee.end },
          message: `\`${name}()\` is not defined in the ${describeFunction(fn)}: it exists only in the ${roleName(owner)}`,
          detail: `The call throws a ReferenceError and ${CONSEQUENCE[fn.role]}.`,
        });
      }
    }
  },
};
