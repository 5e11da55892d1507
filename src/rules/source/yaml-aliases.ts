import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/yaml-aliases',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A YAML alias that names no anchor or contains itself, or more than 100 alias expansions in one document (an alias bomb).',
  emittedBy: 'src/source/yaml.ts',
};
