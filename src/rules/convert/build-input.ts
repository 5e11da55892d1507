import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'convert/build-input',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A build input that cannot be built: a legacy config, two bootstrap configs, two databases of one name, an unreadable function file.',
  emittedBy: 'src/convert/build.ts',
};
