import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/id-length.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

const long = 'é'.repeat(81); // 81 characters, 162 bytes

runRuleTests(rule, {
  valid: [
    { name: '160 bytes', kind: 'database', config: databaseWith({ r1: { ...GOOD, replication_id: 'r'.repeat(160) } }) },
    { name: '80 characters of 2 bytes each', kind: 'database', config: databaseWith({ r1: { ...GOOD, replication_id: 'é'.repeat(80) } }) },
  ],
  invalid: [
    {
      name: '161 characters: one finding, not the schema\'s too', kind: 'database', config: databaseWith({ r1: { ...GOOD, replication_id: 'r'.repeat(161) } }),
      errors: [{ pointer: `${D}/r1/replication_id`, severity: 'error', message: 'replication_id is 161 bytes long, more than 160' }],
    },
    {
      name: '81 characters of 2 bytes each in a database config: stored, and never runs', kind: 'database', config: databaseWith({ r1: { ...GOOD, replication_id: long } }),
      errors: [{ pointer: `${D}/r1/replication_id`, severity: 'error', message: 'is 162 bytes long' }],
    },
    {
      name: 'a legacy file, checked as the gateway reads it', kind: 'legacy', config: legacyWith({ [long]: { ...GOOD, replication_id: long } }),
      errors: [{ pointer: `${L}/${long}/replication_id`, severity: 'error', message: 'is 162 bytes long' }],
    },
  ],
});
