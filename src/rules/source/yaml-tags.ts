import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'source/yaml-tags',
  severity: 'error',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'A YAML tag with no JSON form (a local tag such as !include, or !!binary, !!set, !!timestamp): sgconf would otherwise read the value as something the author did not mean.',
  emittedBy: 'src/source/yaml.ts',
};
