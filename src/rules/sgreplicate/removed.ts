import type { Rule } from '../types.js';
import { UPGRADE } from '../../releases/upgrade.js';
import { isObject } from '../../types.js';
import { rootReplications } from './common.js';
import { underTarget } from '../../releases/index.js';

// Keys that only a 3.x gateway understands in a legacy file (reference 2.1): their presence says the file targets 3.x.
const THREE_X_KEYS = ['disable_persistent_config', 'use_tls_server', 'server_tls_skip_verify', 'admin_interface_authentication', 'metrics_interface_authentication', 'enable_advanced_auth_dp', 'config_upgrade_group_id'];

export const rule: Rule = {
  id: 'sgreplicate/removed',
  severity: 'error',
  kinds: ['legacy'],
  facts: ['sg-replicate-1'],
  description: 'Root-level first-generation replications (sg-replicate 1), which later releases refuse to start with.',
  check(context) {
    const root = rootReplications(context.document);
    if (!root) return;
    const verdict = context.judge('sg-replicate-1');
    if (!verdict) return;
    const doc = context.document;
    const markers = isObject(doc) ? THREE_X_KEYS.filter((k) => Object.hasOwn(doc, k)) : [];
    const readBy = markers.length > 0 ? `This file has keys only later releases know (${markers.join(', ')}), so one of them will read it. ` : '';
    context.report({
      pointer: root.pointer,
      target: 'key',
      ...underTarget(verdict, 'top-level "replications" (sg-replicate 1) stops the gateway from starting, even when empty',
        `${readBy}Move each entry to the "replications" map of its local database as an inter-gateway replication: the key and "replication_id" from the old replication_id, "remote" = the URL of the other end, "direction": "push" when the local database was the source and "pull" when it was the target, and keep continuous, filter and query_params; then remove the top-level key (on ${UPGRADE.interGatewayReplication.line} both may coexist to re-use the checkpoint, see sgreplicate/checkpoint-reuse).`),
    });
  },
};
