// functions/remote-tls-skip-verify: unsupported.remote_config_tls_skip_verify turns off TLS verification for function URLs.
import type { Rule } from '../types.js';
import { isObject, joinPointer, type JsonValue } from '../../types.js';

export const rule: Rule = {
  id: 'functions/remote-tls-skip-verify',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'unsupported.remote_config_tls_skip_verify is true: certificates of https function sources are not verified (for testing only).',
  check(context) {
    const databases: [string, JsonValue][] = context.kind === 'database'
      ? [['', context.document]]
      : isObject(context.document) && isObject(context.document['databases'])
        ? Object.entries(context.document['databases']).map(([name, db]) => [joinPointer('', 'databases', name), db] as [string, JsonValue])
        : [];
    for (const [pointer, db] of databases) {
      if (!isObject(db) || !isObject(db['unsupported'])) continue;
      if (db['unsupported']['remote_config_tls_skip_verify'] !== true) continue;
      context.report({
        pointer: joinPointer(pointer, 'unsupported', 'remote_config_tls_skip_verify'),
        message: 'remote_config_tls_skip_verify is true: the gateway (and sgconf) accept any certificate for https function sources of this database, so anyone on the network path can replace the JavaScript; use it for testing only, never in production, and trust the server\'s CA instead',
      });
    }
  },
};
