import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/persistent-config-disabled',
  severity: 'error',
  kinds: ['legacy'],
  description: 'A legacy config with disable_persistent_config true.',
  emittedBy: 'src/convert/legacy.ts',
};
