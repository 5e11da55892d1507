import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/undefined-variable',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'An environment variable reference ($NAME, ${NAME}) names a variable that is not defined: the gateway refuses the config.',
  emittedBy: 'src/source/dialect.ts',
};
