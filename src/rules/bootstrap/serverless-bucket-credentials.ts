import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'bootstrap/serverless-bucket-credentials',
  severity: 'error',
  kinds: ['bootstrap'],
  description: 'unsupported.serverless.enabled without bucket_credentials.',
  check(context) {
    const serverless = lookupPath(context.document, '', 'unsupported', 'serverless', 'enabled');
    if (serverless?.value !== true) return;
    if (lookup(context.document, '', 'bucket_credentials')) return;
    context.report({ pointer: serverless.pointer, message: 'serverless mode needs bucket_credentials: the gateway refuses to start without them' });
  },
};
