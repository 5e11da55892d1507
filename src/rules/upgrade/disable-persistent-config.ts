import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/disable-persistent-config',
  severity: 'info',
  kinds: ['legacy'],
  description: 'disable_persistent_config true: the gateway runs this file in legacy mode instead of upgrading it.',
  check(context) {
    const found = lookup(context.document, '', 'disable_persistent_config');
    if (found?.value !== true) return;
    context.report({
      pointer: found.pointer,
      message: 'disable_persistent_config true keeps this file in legacy mode: REST changes to databases are lost at restart',
      detail: 'Nothing is stored in the buckets. Leaving legacy mode is a one-way conversion (sgconf convert, or removing this key so the gateway upgrades and rewrites the file); there is no way back to this file afterwards.',
    });
  },
};
