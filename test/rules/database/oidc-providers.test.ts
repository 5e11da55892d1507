import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/oidc-providers.js';

const P = { issuer: 'https://accounts.example.com', client_id: 'app', validation_key: 'client-secret' };

runRuleTests(rule, {
  valid: [{ kind: 'database', config: { name: 'db', oidc: { providers: { google: P, other: { ...P, issuer: 'https://id.example.org' } } } } }],
  invalid: [
    { name: 'reference example 49: name with "_"', kind: 'database', config: { name: 'db', oidc: { providers: { my_provider: P } } }, errors: [{ pointer: '/oidc/providers/my_provider', severity: 'error', message: 'contains "_" (refused by 4.1)' }] },
    { name: 'a name with "_" under 3.0: accepted, an info naming 3.1 (3.0/3.1 boundary)', kind: 'database', config: { name: 'db', oidc: { providers: { my_provider: P } } }, options: { target: '3.0' }, errors: [{ pointer: '/oidc/providers/my_provider', severity: 'info', message: '3.1 and later refuse it' }] },
    {
      name: 'reference example 49: no client_id, none left', kind: 'database',
      config: { name: 'db', oidc: { providers: { p: { issuer: P.issuer } } } },
      errors: [{ pointer: '/oidc/providers/p', severity: 'warning', message: ', so the gateway skips it' }, { pointer: '/oidc', severity: 'error', message: 'client_id)' }],
    },
    { name: 'no validation_key: no authorization-code flow', kind: 'database', config: { name: 'db', oidc: { providers: { google: { issuer: P.issuer, client_id: 'app' } } } }, errors: [{ pointer: '/oidc/providers/google', severity: 'warning', message: 'only tokens obtained elsewhere are accepted' }] },
    { name: 'shared issuer', kind: 'legacy', config: { databases: { db: { oidc: { providers: { a: P, b: P } } } } }, errors: [{ pointer: '/databases/db/oidc/providers/b/issuer', severity: 'warning', message: 'use the same issuer' }] },
  ],
});
