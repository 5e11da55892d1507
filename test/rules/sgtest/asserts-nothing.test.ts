// sgtest/asserts-nothing: expectations no result can fail, each a warning at its place; the case still runs.
import { runCaseTable } from '../../helpers/rule-tester.js';
import { findingsOf, ORDERS_DB } from './harness.js';

const file = (expect: string) => `config: orders.json\ncases:\n  - name: ann writes\n    doc: {owner: ann}\n    userCtx: {name: ann}\n    expect: ${expect}\n`;

runCaseTable('sgtest/asserts-nothing', {
  valid: [
    { name: 'exact lists, even empty ones, assert what is granted', kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('{channels: [], access: {}, demands: [{users: [ann]}]}') } },
    { name: 'a part with one side given', kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('{channels: {includes: [], excludes: [public]}, access: {excludes: {bob: [o-ann]}}}') } },
    { name: 'a case that empties a part its defaults give turns that expectation off, on purpose', kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\ndefaults:\n  expect: {channels: {includes: [o-ann]}}\ncases:\n  - {name: x, doc: {owner: bob}, userCtx: {name: bob}, expect: {channels: {includes: []}, rejected: false}}\n' } },
    { name: 'authorization naming an empty list asserts that nothing is demanded of it', kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('{rejected: false, authorization: {roles: []}}') } },
  ],
  invalid: [
    {
      name: 'channels: {includes: []}', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('{rejected: false, channels: {includes: []}}') },
      errors: [{ pointer: '/cases/0/expect/channels', severity: 'warning', message: '"channels" with nothing in "includes" or "excludes" asserts nothing', line: 6, column: 41 }],
    },
    {
      name: 'access: {includes: {}} and roles naming a user with no role', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('{access: {includes: {}}, roles: {excludes: {ann: []}}}') },
      errors: [
        { pointer: '/cases/0/expect/access', severity: 'warning', message: '"access" with nothing in "includes" or "excludes" asserts nothing' },
        { pointer: '/cases/0/expect/roles', severity: 'warning', message: '"roles" with nothing in "includes" or "excludes" asserts nothing' },
      ],
    },
    {
      name: 'authorization: {} and logs: []', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('{authorization: {}, logs: []}') },
      errors: [
        { pointer: '/cases/0/expect/logs', severity: 'warning', message: '"logs: []" asserts nothing' },
        { pointer: '/cases/0/expect/authorization', severity: 'warning', message: '"authorization: {}" asserts nothing' },
      ],
    },
    {
      name: 'exception: "" (every text holds it, no exception too)', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('{exception: "", channels: [o-ann]}') },
      errors: [{ pointer: '/cases/0/expect/exception', severity: 'warning', message: '"exception" with only empty parts asserts nothing', line: 6, column: 25 }],
    },
    {
      name: 'in the defaults: once, where it is written, not in each case', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\ndefaults:\n  expect: {channels: {excludes: []}}\ncases:\n  - {name: x, doc: {owner: ann}, userCtx: {name: ann}, expect: {rejected: false}}\n  - {name: y, doc: {owner: ann}, userCtx: {name: ann}, expect: {rejected: false}}\n' },
      errors: [{ pointer: '/defaults/expect/channels', severity: 'warning', message: 'asserts nothing', line: 3, column: 22 }],
    },
  ],
}, findingsOf('sgtest/asserts-nothing'));
