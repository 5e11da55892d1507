import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/views-incompatible.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', use_views: true } },
    { kind: 'database', config: { name: 'db', scopes: { s: { collections: { c: {} } } } } },
    { name: 'an empty scopes object is the default collection', kind: 'database', config: { name: 'db', use_views: true, scopes: {} } },
  ],
  invalid: [
    { name: 'reference example 36', kind: 'database', config: { name: 'db', use_views: true, scopes: { s: { collections: { c: {} } } } }, errors: [{ pointer: '/use_views', severity: 'error', message: 'default collection, so the gateway rejects the database' }] },
    { kind: 'database', config: { name: 'db', use_views: true, use_system_metadata_collection: true }, errors: [{ pointer: '/use_views', message: 'cannot be combined with use_system_metadata_collection' }] },
  ],
});
