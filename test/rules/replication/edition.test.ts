import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/edition.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

const CE = { settings: { edition: 'ce' as const } };

runRuleTests(rule, {
  valid: [
    { name: 'EE allows them', kind: 'database', config: databaseWith({ r1: { ...GOOD, conflict_resolution_type: 'localWins', enable_delta_sync: true, batch_size: 500 } }) },
    { name: 'CE defaults', kind: 'database', config: databaseWith({ r1: { ...GOOD, conflict_resolution_type: 'default', batch_size: 200 } }), options: CE },
  ],
  invalid: [
    {
      name: 'reference example 55 on CE', kind: 'legacy', options: CE,
      config: legacyWith({ r1: { ...GOOD, conflict_resolution_type: 'localWins', enable_delta_sync: true, batch_size: 500 } }),
      errors: [
        { pointer: `${L}/r1/conflict_resolution_type`, message: 'Enterprise Edition only' },
        { pointer: `${L}/r1/enable_delta_sync`, message: 'Enterprise Edition only' },
        { pointer: `${L}/r1/batch_size`, message: 'Enterprise Edition only' },
      ],
    },
    { kind: 'database', options: CE, config: databaseWith({ r1: { ...GOOD, batch_size: 100 } }), errors: [{ pointer: `${D}/r1/batch_size`, severity: 'error' }] },
  ],
});
