// functions/arity: more parameters than the gateway passes for the role (reference 6.1).
import type { Rule } from '../types.js';
import { describeFunction, roleParameters } from '../../functions/roles.js';

export const rule: Rule = {
  id: 'functions/arity',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A function declares more parameters than the gateway passes in its role, so the extra ones are always undefined.',
  check(context) {
    for (const fn of context.functions) {
      const node = fn.functionNode;
      const expected = roleParameters(fn);
      if (!node || !expected || node.params.length <= expected.length) continue;
      const extra = node.params.slice(expected.length);
      const names = extra.map((p: { type: string; name?: string }) => (p.type === 'Identifier' ? `\`${p.name}\`` : 'a parameter')).join(', ');
      context.reportInFunction({
        fn,
        span: { start: extra[0].start, end: extra[extra.length - 1].end },
        message: `${names} ${extra.length === 1 ? 'is' : 'are'} always undefined: the gateway passes ${expected.length} argument${expected.length === 1 ? '' : 's'} (${expected.join(', ')})`,
        detail: `The ${describeFunction(fn)} declares ${node.params.length} parameters.`,
      });
    }
  },
};
