import type { Rule } from '../types.js';
import { isLegacyMode, lookup, lookupPath } from '../../document/databases.js';

/** rest/config_startup.go persistentConfigGroupIDMaxLength, compared with Go's len(): UTF-8 bytes. */
const MAX_BYTES = 100;

export const rule: Rule = {
  id: 'bootstrap/group-id-length',
  severity: 'error',
  kinds: ['bootstrap', 'legacy'],
  // The schema's maxLength counts characters, the gateway bytes: one finding, in bytes.
  supersedes: ['schema/range'],
  description: 'A config group id (bootstrap.group_id, or a legacy config_upgrade_group_id) of more than 100 bytes, which stops the gateway from starting.',
  check(context) {
    const legacy = context.kind === 'legacy';
    const found = legacy ? lookup(context.document, '', 'config_upgrade_group_id') : lookupPath(context.document, '', 'bootstrap', 'group_id');
    if (typeof found?.value !== 'string') return;
    const bytes = Buffer.byteLength(found.value, 'utf8');
    if (bytes <= MAX_BYTES) return;
    const name = legacy ? 'config_upgrade_group_id' : 'group_id';
    // In a legacy file that the gateway upgrades, the check comes after the upgrade has written its results.
    const afterUpgrade = legacy && !isLegacyMode(context.document)
      ? ', and it runs after the automatic upgrade has stored the databases under this group and rewritten this file: every later start fails too'
      : '';
    context.report({
      pointer: found.pointer,
      message: `${name} is ${bytes} bytes long, more than ${MAX_BYTES}: the gateway refuses to start`,
      detail: `The startup validation counts bytes (UTF-8), not characters${afterUpgrade}. Use a group id of at most ${MAX_BYTES} bytes.`,
    });
  },
};
