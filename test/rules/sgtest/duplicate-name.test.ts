// sgtest/duplicate-name: a case named as an earlier case of its file, a warning at its name; both cases run.
import { runCaseTable } from '../../helpers/rule-tester.js';
import { findingsOf, ORDERS_DB } from './harness.js';

const file = (...names: string[]) => `config: orders.json\ncases:\n${names.map((n) => `  - {name: ${JSON.stringify(n)}, doc: {owner: ann}, userCtx: {name: ann}, expect: {rejected: false}}\n`).join('')}`;

runCaseTable('sgtest/duplicate-name', {
  valid: [
    { name: 'names that differ, in case too', kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('ann writes', 'Ann writes', 'ann writes again') } },
    { name: 'the same name in two files', kind: 'database', config: { 'orders.json': ORDERS_DB, 'a.sgtest.yaml': file('ann writes'), 'b.sgtest.yaml': file('ann writes') } },
  ],
  invalid: [
    {
      name: 'the second and the third of one name', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('ann writes', 'bob reads', 'ann writes', 'ann writes') },
      errors: [
        { pointer: '/cases/2/name', severity: 'warning', message: 'case 3 has the name of case 1, "ann writes"', line: 5, column: 12 },
        { pointer: '/cases/3/name', severity: 'warning', message: 'case 4 has the name of case 1', line: 6, column: 12 },
      ],
    },
  ],
}, findingsOf('sgtest/duplicate-name'));
