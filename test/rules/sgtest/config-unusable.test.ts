// sgtest/config-unusable: the config a test file names cannot be run; its cases fail, not pass.
import { describe, expect, it } from 'vitest';
import { rule as allowConflicts } from '../../../src/rules/database/allow-conflicts.js';
import { runCaseTable } from '../../helpers/rule-tester.js';
import { findingsOf, ORDERS_DB, runInFolder } from './harness.js';

const file = (extra = '') => `config: orders.json\n${extra}cases:\n  - name: ann writes\n    doc: {owner: ann}\n    expect: {rejected: false}\n`;

runCaseTable('sgtest/config-unusable', {
  valid: [{ kind: 'database', config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file() } }],
  invalid: [
    { name: 'a missing config', kind: 'database', config: { 't.sgtest.yaml': file() }, errors: [{ pointer: '/config', message: 'no such file', line: 1, column: 9 }] },
    {
      name: 'a config the target refuses', kind: 'database',
      config: { 'orders.json': { ...ORDERS_DB, sync: 'function(doc) { let x = 1; }' }, 't.sgtest.yaml': file() },
      errors: [{ pointer: '/config', message: 'that 4.1 refuses' }],
    },
    {
      name: 'a database the config does not have', kind: 'database',
      config: { 'orders.json': ORDERS_DB, 't.sgtest.yaml': file('database: c\n') },
      errors: [{ pointer: '/database', message: 'has no database "c"' }],
    },
  ],
}, findingsOf('sgtest/config-unusable'));

describe('sgtest/config-unusable', () => {
  it('the cases of an unusable config fail with the reason; none passes', async () => {
    const result = await runInFolder({ 't.sgtest.yaml': file() });
    expect(result.cases).toHaveLength(1);
    expect(result.cases[0]).toMatchObject({ passed: false, line: 3 });
    expect(result.cases[0]!.notRun).toContain('no such file');
  });

  it('a config sgconf failed to check is not called one the target refuses', async () => {
    const check = allowConflicts.check!;
    allowConflicts.check = () => {
      throw new TypeError('a bug');
    };
    try {
      const result = await runInFolder({ 'orders.json': ORDERS_DB, 't.sgtest.yaml': file() });
      expect(result.diagnostics.map((d) => [d.rule, d.message])).toEqual([['sgtest/config-unusable', 'sgconf could not check the config orders.json']]);
      expect(result.cases[0]!.notRun).toMatch(/^sgconf could not check the config orders\.json, first at orders\.json:\d+:\d+: sgconf failed on this file in rule database\/allow-conflicts: a bug/);
    } finally {
      allowConflicts.check = check;
    }
  });
});
