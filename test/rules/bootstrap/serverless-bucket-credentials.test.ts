import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/serverless-bucket-credentials.js';

const serverless = { unsupported: { serverless: { enabled: true } } };

runRuleTests(rule, {
  valid: [
    { kind: 'bootstrap', config: { ...serverless, bucket_credentials: { b: { username: 'u', password: 'p' } } } },
    { name: 'serverless off', kind: 'bootstrap', config: { unsupported: { serverless: { enabled: false } } } },
    { name: '3.0 has no serverless mode (the schema reports the field)', kind: 'bootstrap', config: serverless, options: { target: '3.0' } },
  ],
  invalid: [
    { kind: 'bootstrap', config: serverless, errors: [{ pointer: '/unsupported/serverless/enabled', severity: 'error', message: 'the gateway refuses to start without them' }] },
    { name: 'an empty map names no bucket', kind: 'bootstrap', config: { ...serverless, bucket_credentials: {} }, errors: [{ pointer: '/bucket_credentials', message: 'these name none' }] },
    { name: 'null is no bucket_credentials', kind: 'bootstrap', config: { ...serverless, bucket_credentials: null }, errors: [{ pointer: '/unsupported/serverless/enabled', message: 'refuses to start without them' }] },
  ],
});
