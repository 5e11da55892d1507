import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/cors-max-age.js';

runRuleTests(rule, {
  valid: [
    { name: '3.1 and later send it', kind: 'database', config: { name: 'db', cors: { origin: ['https://a.example.com'], max_age: 600 } } },
    { name: '0 is no setting', kind: 'database', config: { name: 'db', cors: { max_age: 0 } }, options: { target: '3.0' } },
  ],
  invalid: [
    { name: '3.0 refuses the database (3.0/3.1 boundary)', kind: 'database', config: { name: 'db', cors: { max_age: 600 } }, options: { target: '3.0' }, errors: [{ pointer: '/cors/max_age', severity: 'error', message: 'database "db": cors.max_age is set on the database' }] },
    { name: 'in legacy mode', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { cors: { max_age: 60 } } } }, options: { target: '3.0' }, errors: [{ pointer: '/databases/db/cors/max_age', severity: 'error' }] },
  ],
});
