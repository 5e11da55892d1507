// sgtest/invalid-file: test files that sgconf test cannot use, each finding at its place.
import { describe, expect, it } from 'vitest';
import { runCaseTable } from '../../helpers/rule-tester.js';
import { findingsOf, ORDERS_DB, runInFolder } from './harness.js';

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
      name: 'a misspelt nested key never passes: rejected.mesage, channels.include, a demand\'s user', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\ncases:\n  - name: x\n    doc: {}\n    expect:\n      rejected: {status: 403, mesage: no}\n      channels: {include: [a]}\n      demands: [{user: [ann]}]\n' },
      errors: [
        { pointer: '/cases/0/expect/rejected/mesage', message: 'did you mean "message"' },
        { pointer: '/cases/0/expect/channels/include', message: 'did you mean "includes"' },
        { pointer: '/cases/0/expect/demands/0/user', message: 'did you mean "users"' },
        { pointer: '/cases/0/expect/channels', message: 'needs "includes" or "excludes"' },
        { pointer: '/cases/0/expect/demands/0', message: 'exactly one of users, roles, channels or admin, not none' },
      ],
    },
    {
      name: 'defaults: an unknown key, and a mistake in its expect, each at its place', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': `defaults:\n  usrCtx: {name: ann}\n  expect: {rejected: maybe}\n${good}` },
      errors: [{ pointer: '/defaults/usrCtx', message: 'did you mean "userCtx"' }, { pointer: '/defaults/expect/rejected', message: 'a status such as 403' }],
    },
    {
      name: 'function and config together; type without function; a demand with two kinds', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\nfunction: sync.js\ncases:\n  - {name: x, doc: {}, expect: {demands: [{users: [a], roles: [b]}]}}\n' },
      errors: [{ pointer: '/function', message: 'exclude each other' }, { pointer: '/cases/0/expect/demands/0', message: 'exactly one of users, roles, channels or admin' }],
    },
    {
      name: 'a key given twice (YAML): an error at the second, the cases do not run', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': 'config: orders.json\ncases:\n  - name: x\n    doc: {owner: ann}\n    expect: {rejected: false}\n    doc: {owner: bob}\n' },
      errors: [{ pointer: '/cases/0/doc', message: '"doc" is given twice here', line: 6, column: 5 }],
    },
    {
      name: 'a key given twice (JSON, the fast reader\'s path): an error at the second', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.json': '{"config": "orders.json", "cases": [{"name": "x", "doc": {}, "expect": {"rejected": false}, "expect": {"channels": []}}]}' },
      errors: [{ pointer: '/cases/0/expect', message: '"expect" is given twice here', line: 1, column: 93 }],
    },
    {
      name: 'an unknown target', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': `target: "5.0"\n${good}` },
      errors: [{ pointer: '/target', message: 'unknown target "5.0"' }],
    },
  ],
}, findingsOf('sgtest/invalid-file'));

describe('sgtest/invalid-file', () => {
  it('lists a file\'s findings in the file\'s order, as lint does', async () => {
    const result = await runInFolder({ 'orders.json': ORDERS_DB, 't.sgtest.yaml': good.replace('expect:', 'expct:') + '  - doc: [1]\n' });
    expect(result.diagnostics.map((d) => `${d.line}:${d.column}`)).toEqual(['3:5', '6:5', '7:5', '7:5', '7:10']);
  });
});
