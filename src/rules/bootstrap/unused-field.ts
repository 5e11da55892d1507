import type { Rule } from '../types.js';
import { underTarget } from '../../releases/index.js';
import { IGNORED_SERVER_FIELDS, removeBecause } from '../../releases/ignored-fields.js';
import { lookup } from '../../document/databases.js';

export const rule: Rule = {
  id: 'bootstrap/unused-field',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy'],
  facts: IGNORED_SERVER_FIELDS.map((f) => f.fact),
  description: 'A server-level field that the target reads and does nothing with.',
  check(context) {
    const kind = context.kind === 'bootstrap' ? 'bootstrap' : 'legacy';
    for (const field of IGNORED_SERVER_FIELDS) {
      const key = field.keys[kind];
      const found = lookup(context.document, '', key);
      if (!found || found.value === null) continue;
      const verdict = context.judge(field.fact);
      if (!verdict) continue;
      // Safe: a field the target ignores changes nothing when it is gone.
      const fix = verdict.treatment === 'ignores' ? { fix: { op: 'remove-member' as const, pointer: found.pointer } } : {};
      context.report({ pointer: found.pointer, target: 'key', ...underTarget(verdict, `"${key}" is ${field.what}`, removeBecause(field)), ...fix });
    }
  },
};
