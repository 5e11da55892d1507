// functions/remote-tls-skip-verify: unsupported.remote_config_tls_skip_verify turns off TLS verification for function URLs.
import type { Rule } from '../types.js';
import { isObject, joinPointer } from '../../types.js';
import { databaseEntries } from '../../document/databases.js';

export const rule: Rule = {
  id: 'functions/remote-tls-skip-verify',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'unsupported.remote_config_tls_skip_verify is true: certificates of https function sources are not verified (for testing only).',
  check(context) {
    for (const { pointer, config } of databaseEntries(context.kind, context.document)) {
      const unsupported = config['unsupported'];
      if (!isObject(unsupported) || unsupported['remote_config_tls_skip_verify'] !== true) continue;
      context.report({
        pointer: joinPointer(pointer, 'unsupported', 'remote_config_tls_skip_verify'),
        message: 'remote_config_tls_skip_verify is true: any certificate is accepted for https function sources',
        detail: 'The gateway (and sgconf) then accept any certificate for the https function sources of this database, so anyone on the network path can replace the JavaScript. Use it for testing only, never in production, and trust the server\'s CA instead.',
      });
    }
  },
};
