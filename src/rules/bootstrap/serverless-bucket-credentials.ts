import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';
import { fieldKnownTo } from '../../schema/release-fields.js';
import { isObject } from '../../types.js';

export const rule: Rule = {
  id: 'bootstrap/serverless-bucket-credentials',
  severity: 'error',
  kinds: ['bootstrap'],
  description: 'unsupported.serverless.enabled without bucket_credentials, or with none in them.',
  check(context) {
    const serverless = lookupPath(context.document, '', 'unsupported', 'serverless', 'enabled');
    // A release without serverless mode does not read it: the schema says so.
    if (serverless?.value !== true || !fieldKnownTo(context.kind, serverless.pointer, context.target)) return;
    const credentials = lookup(context.document, '', 'bucket_credentials');
    // The gateway counts the buckets: an empty map is none (null is read as absent). Another type is the schema's finding.
    const none = credentials === undefined || (isObject(credentials.value) && Object.keys(credentials.value).length === 0);
    if (!none) return;
    context.report({
      pointer: credentials?.pointer ?? serverless.pointer,
      message: credentials ? 'serverless mode needs bucket_credentials for at least one bucket, and these name none' : 'serverless mode needs bucket_credentials: the gateway refuses to start without them',
      detail: 'The gateway refuses to start in serverless mode unless bucket_credentials names at least one bucket.',
    });
  },
};
