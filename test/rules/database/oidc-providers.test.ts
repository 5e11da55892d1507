import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/oidc-providers.js';

const P = { issuer: 'https://accounts.example.com', client_id: 'app', validation_key: 'client-secret' };

runRuleTests(rule, {
  valid: [{ kind: 'database', config: { name: 'db', oidc: { providers: { google: P, other: { ...P, issuer: 'https://id.example.org' } } } } }],
  invalid: [
    { name: 'reference example 49: name with "_"', kind: 'database', config: { name: 'db', oidc: { providers: { my_provider: P } } }, errors: [{ pointer: '/oidc/providers/my_provider', severity: 'error', message: 'contains "_" (refused by 4.1)' }] },
    // db/database.go@3.0.8.1 NewDatabaseContext refuses it as the database loads (from 3.1, DbConfig.validate()).
    { name: 'a name with "_" under 3.0: refused as the database loads', kind: 'database', config: { name: 'db', oidc: { providers: { my_provider: P } } }, options: { target: '3.0' }, errors: [{ pointer: '/oidc/providers/my_provider', severity: 'error', message: 'contains "_" (refused by 3.0)' }] },
    { name: 'a name with "_" in a legacy file under 2.8', kind: 'legacy', config: { databases: { db: { oidc: { providers: { my_provider: P } } } } }, options: { target: '2.8' }, errors: [{ pointer: '/databases/db/oidc/providers/my_provider', severity: 'error', message: 'contains "_"' }] },
    { name: 'an upgraded legacy file under 3.0: still refused, as the database loads', kind: 'legacy', config: { databases: { db: { oidc: { providers: { my_provider: P } } } } }, options: { target: '3.0' }, errors: [{ pointer: '/databases/db/oidc/providers/my_provider', severity: 'error', message: 'contains "_"' }] },
    { name: 'an upgraded legacy file under 4.1: stored unvalidated, a warning', kind: 'legacy', config: { databases: { db: { oidc: { providers: { my_provider: P } } } } }, errors: [{ pointer: '/databases/db/oidc/providers/my_provider', severity: 'warning', message: 'contains "_"' }] },
    {
      name: 'a provider the gateway skips is not checked for "_"', kind: 'database',
      config: { name: 'db', oidc: { providers: { my_provider: { client_id: 'app' }, google: P } } },
      errors: [{ pointer: '/oidc/providers/my_provider', severity: 'warning', message: 'has no issuer, so the gateway skips it' }],
    },
    {
      name: 'reference example 49: no client_id, none left', kind: 'database',
      config: { name: 'db', oidc: { providers: { p: { issuer: P.issuer } } } },
      errors: [{ pointer: '/oidc/providers/p', severity: 'warning', message: ', so the gateway skips it' }, { pointer: '/oidc', severity: 'error', message: 'client_id)' }],
    },
    { name: 'no validation_key: no authorization-code flow', kind: 'database', config: { name: 'db', oidc: { providers: { google: { issuer: P.issuer, client_id: 'app' } } } }, errors: [{ pointer: '/oidc/providers/google', severity: 'warning', message: 'only tokens obtained elsewhere are accepted' }] },
    { name: 'shared issuer', kind: 'legacy', config: { databases: { db: { oidc: { providers: { a: P, b: P } } } } }, errors: [{ pointer: '/databases/db/oidc/providers/b/issuer', severity: 'warning', message: 'use the same issuer' }] },
  ],
});
