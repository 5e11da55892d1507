import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';

export const rule: Rule = {
  id: 'upgrade/group-id-ce',
  severity: 'error',
  kinds: ['legacy'],
  description: 'config_upgrade_group_id in a legacy file on Community Edition, where config groups are Enterprise-only.',
  check(context) {
    if (context.settings.edition !== 'ce') return;
    const found = lookup(context.document, '', 'config_upgrade_group_id');
    if (typeof found?.value !== 'string' || found.value === '') return;
    context.report({ pointer: found.pointer, message: 'config_upgrade_group_id is Enterprise Edition only', detail: 'A Community Edition gateway refuses to start during the automatic upgrade. Remove it (CE uses the "default" group).' });
  },
};
