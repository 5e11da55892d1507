// sgtest/invalid-file: test files that sgconf test cannot use, each finding at its place.
import { runCaseTable } from '../../helpers/rule-tester.js';
import { findingsOf, ORDERS_DB } from './harness.js';

const good = 'config: orders.json\ncases:\n  - name: ann writes\n    doc: {owner: ann}\n    userCtx: {name: ann}\n    expect: {rejected: false}\n';

runCaseTable('sgtest/invalid-file', {
  valid: [
    { kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': good } },
    { name: 'import filter case', kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\ncases:\n  - {name: all, importFilter: true, doc: {a: 1}, expect: {import: true}}\n' } },
  ],
  invalid: [
    {
      name: 'a misspelt key, with did you mean', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': good.replace('expect:', 'expct:') },
      errors: [{ pointer: '/cases/0/expct', message: 'did you mean "expect"', line: 6, column: 5 }, { pointer: '/cases/0', message: 'has no "expect"' }],
    },
    {
      name: 'wrong types', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\ncases:\n  - name: x\n    doc: [1]\n    expect: {channels: a, rejected: yes}\n' },
      errors: [{ pointer: '/cases/0/doc', message: 'an object', line: 4 }, { pointer: '/cases/0/expect/channels', message: 'list of strings' }, { pointer: '/cases/0/expect/rejected', message: 'a status such as 403' }],
    },
    {
      name: 'no config, no cases', kind: 'database',
      config: { 't.sgtest.yaml': 'cases: []\n' },
      errors: [{ pointer: '', message: '"config" is missing' }, { pointer: '/cases', message: 'is empty' }],
    },
    {
      name: 'a sync expectation on an import filter case', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\ncases:\n  - {name: x, importFilter: true, doc: {}, expect: {channels: [a]}}\n' },
      errors: [{ pointer: '/cases/0/expect/channels', message: 'an import filter case expects "import"' }],
    },
    {
      name: 'not YAML at all', kind: 'database',
      config: { 't.sgtest.yaml': 'config: [unclosed\n' },
      errors: [{ pointer: '', message: 'YAML', line: 2 }],
    },
    {
      name: 'an unknown target', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': `target: "5.0"\n${good}` },
      errors: [{ pointer: '/target', message: 'unknown target "5.0"' }],
    },
  ],
}, findingsOf('sgtest/invalid-file'));
