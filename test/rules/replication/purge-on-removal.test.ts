import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/purge-on-removal.js';
import { D, GOOD, databaseWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [{ kind: 'database', config: databaseWith({ r1: { ...GOOD, purge_on_removal: false } }) }],
  invalid: [
    { name: 'push ignores it', kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: 'push', purge_on_removal: true } }), errors: [{ pointer: `${D}/r1/purge_on_removal`, severity: 'warning', message: 'push replication ignores purge_on_removal' }] },
    { name: 'pull purges', kind: 'database', config: databaseWith({ r1: { ...GOOD, purge_on_removal: true } }), errors: [{ pointer: `${D}/r1/purge_on_removal`, severity: 'info', message: 'purges local copies' }] },
  ],
});
