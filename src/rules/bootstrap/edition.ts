import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'bootstrap/edition',
  severity: 'error',
  kinds: ['bootstrap', 'legacy'],
  description: 'Enterprise-only startup settings on Community Edition: enable_advanced_auth_dp true, a group_id other than default.',
  check(context) {
    if (context.settings.edition !== 'ce') return;
    const doc = context.document;
    const advanced = context.kind === 'bootstrap' ? lookupPath(doc, '', 'api', 'enable_advanced_auth_dp') : lookup(doc, '', 'enable_advanced_auth_dp');
    if (advanced?.value === true) {
      context.report({ pointer: advanced.pointer, message: 'enable_advanced_auth_dp is Enterprise Edition only', detail: 'A Community Edition gateway refuses to start with it true. Remove it.' });
    }
    if (context.kind === 'bootstrap') {
      const group = lookupPath(doc, '', 'bootstrap', 'group_id');
      if (typeof group?.value === 'string' && group.value !== '' && group.value !== 'default') {
        context.report({ pointer: group.pointer, message: `group_id "${group.value}" needs Enterprise Edition (config groups)`, detail: 'A Community Edition gateway refuses to start with it. Remove it.' });
      }
    }
  },
};
