import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/scopes.js';

const F = 'function(doc) { channel(doc.ch); }';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: { name: 'db', scopes: { s: { collections: { c: { sync: F }, d: {} } } } } },
    { kind: 'database', config: { name: 'db', sync: F } },
    { name: 'an empty scopes object is the default collection: a database-level sync is its function', kind: 'database', config: { name: 'db', sync: F, scopes: {} } },
    { name: 'a blank function is read as unset before scopes are checked', kind: 'database', config: { name: 'db', import_filter: ' ', scopes: { s: { collections: { c: {} } } } } },
    { name: 'null is no function', kind: 'database', config: { name: 'db', sync: null, scopes: { s: { collections: { c: {} } } } } },
    { name: 'the automatic upgrade stores the _default scope', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', scopes: { _default: { collections: { c: {} } } } } } } },
  ],
  invalid: [
    {
      name: 'reference example 35', kind: 'database',
      config: { name: 'db', sync: F, scopes: { s: { collections: { c: {} } }, t: { collections: {} } } },
      errors: [
        { pointer: '/scopes', severity: 'error', message: 'a database uses exactly one' },
        { pointer: '/scopes/t/collections', message: 'has no collections' },
        { pointer: '/sync', message: '(even _default)' },
      ],
    },
    { name: 'a scope without collections: the gateway asks nothing else of it', kind: 'database', config: { name: 'db', sync: F, scopes: { s: { collections: {} } } }, errors: [{ pointer: '/scopes/s/collections', message: 'has no collections' }] },
    { name: 'legacy mode', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { server: 'walrus:', scopes: { s: { collections: { c: {} } } } } } }, errors: [{ pointer: '/databases/db/scopes', message: 'legacy mode' }] },
    { name: 'legacy mode with the _default scope: no scopes at all', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { server: 'walrus:', scopes: { _default: { collections: { c: {} } } } } } }, errors: [{ pointer: '/databases/db/scopes', message: 'sets scopes, which legacy mode (disable_persistent_config true) cannot load' }] },
  ],
});
