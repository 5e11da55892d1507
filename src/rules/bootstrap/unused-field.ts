import type { Rule } from '../types.js';
import type { BehaviourFactId } from '../../releases/behaviour.js';
import { underTarget } from '../../releases/index.js';
import { lookup } from '../../document/databases.js';

interface UnusedField {
  /** The key in a bootstrap config and in a legacy one (top level). */
  keys: Record<'bootstrap' | 'legacy', string>;
  fact: BehaviourFactId;
  /** What the field was for, in a few words. */
  what: string;
  /** Why the target does nothing with it, and what to do: the finding's detail after the releases. */
  why: string;
}

const FIELDS: readonly UnusedField[] = [
  {
    keys: { bootstrap: 'couchbase_keepalive_interval', legacy: 'couchbaseKeepaliveInterval' },
    fact: 'couchbase-keepalive-ignored',
    what: 'the TCP keep-alive interval of a Couchbase client the gateway no longer has',
    why: 'Nothing in the gateway reads it since its go-couchbase client was removed: remove it.',
  },
];

export const rule: Rule = {
  id: 'bootstrap/unused-field',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy'],
  facts: FIELDS.map((f) => f.fact),
  description: 'A server-level field that the target reads and does nothing with.',
  check(context) {
    if (context.kind !== 'bootstrap' && context.kind !== 'legacy') return;
    for (const field of FIELDS) {
      const key = field.keys[context.kind];
      const found = lookup(context.document, '', key);
      if (!found || found.value === null) continue;
      const verdict = context.judge(field.fact);
      if (!verdict) continue;
      // Safe: a field the target ignores changes nothing when it is gone.
      const fix = verdict.treatment === 'ignores' ? { fix: { op: 'remove-member' as const, pointer: found.pointer } } : {};
      context.report({
        pointer: found.pointer, target: 'key',
        ...underTarget(verdict, `"${key}" is ${field.what}`, field.why),
        ...fix,
      });
    }
  },
};
