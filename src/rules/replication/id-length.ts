import type { Rule } from '../types.js';
import { lookup } from '../../document/databases.js';
import { invalidOutcome, label, replicationSites } from './common.js';

/** db/sg_replicate_cfg.go ValidateReplication: len(rc.ID) > 160 is refused; Go's len() counts UTF-8 bytes. */
const MAX_BYTES = 160;

export const rule: Rule = {
  id: 'replication/id-length',
  severity: 'error',
  kinds: ['legacy', 'database'],
  // The schema's maxLength counts characters, the gateway bytes: one finding, in bytes.
  supersedes: ['schema/range'],
  description: 'A replication_id of more than 160 bytes, which the replication\'s validation refuses.',
  check(context) {
    for (const site of replicationSites(context)) {
      const id = lookup(site.config, site.pointer, 'replication_id');
      if (typeof id?.value !== 'string') continue;
      const bytes = Buffer.byteLength(id.value, 'utf8');
      if (bytes <= MAX_BYTES) continue;
      context.report({
        pointer: id.pointer,
        message: `${label(site)}: replication_id is ${bytes} bytes long, more than ${MAX_BYTES}`,
        detail: `The validation counts bytes (UTF-8), not characters (the id prefixes the replication's checkpoint keys). ${invalidOutcome(site, context)} Use an id of at most ${MAX_BYTES} bytes.`,
      });
    }
  },
};
