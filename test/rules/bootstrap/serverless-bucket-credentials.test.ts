import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/bootstrap/serverless-bucket-credentials.js';

runRuleTests(rule, {
  valid: [{ kind: 'bootstrap', config: { unsupported: { serverless: { enabled: true } }, bucket_credentials: { b: { username: 'u', password: 'p' } } } }],
  invalid: [{ kind: 'bootstrap', config: { unsupported: { serverless: { enabled: true } } }, errors: [{ pointer: '/unsupported/serverless/enabled', severity: 'error', message: 'the gateway refuses to start without them' }] }],
});
