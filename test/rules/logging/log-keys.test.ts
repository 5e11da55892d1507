import { describe, expect, it } from 'vitest';
import { runRuleTests, lintForRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/logging/log-keys.js';

runRuleTests(rule, {
  valid: [
    { name: 'HTTP+ is a key of its own; "" turns nothing on', kind: 'bootstrap', config: { logging: { console: { log_keys: ['HTTP+', 'CRUD', '*', 'Config', 'gocb', 'VV', ''] } } } },
    { name: '2.8 reads logging.console.log_keys, not "log", when both are set', kind: 'legacy', config: { log: ['Bogus'], logging: { console: { log_keys: ['Sync'] } }, databases: {} }, options: { target: '2.8' } },
    { name: '3.0 and later ignore "log" (upgrade/removed-key says so)', kind: 'legacy', config: { log: ['REST+'], databases: {} } },
    { name: 'keys at a level that writes keyed lines; no keys at a quiet one', kind: 'bootstrap', config: { logging: { console: { log_level: 'debug', log_keys: ['CRUD'] } } } },
    { name: 'an empty list at a quiet level', kind: 'database', config: { name: 'db', logging: { console: { log_level: 'warn', log_keys: [''] } } } },
    { name: 'a database\'s log keys are unknown to 3.0 (schema/unknown-field says so)', kind: 'database', config: { name: 'db', logging: { console: { log_keys: ['Nope'] } } }, options: { target: '3.0' } },
  ],
  invalid: [
    {
      name: 'a trailing "+", a 1.x key, the wrong case, a key of a later release',
      kind: 'bootstrap', config: { logging: { console: { log_keys: ['CRUD+', 'REST+', 'crud', 'VV'] } } }, options: { target: '3.3' },
      errors: [
        { pointer: '/logging/console/log_keys/0', severity: 'warning', message: 'log key "CRUD+" is read as "CRUD", with a warning at every start' },
        { pointer: '/logging/console/log_keys/1', message: '"REST+" is not a log key of 3.3, which ignores it' },
        { pointer: '/logging/console/log_keys/2', message: '"crud" is not a log key of 3.3' },
        { pointer: '/logging/console/log_keys/3', message: 'log key "VV" is known from 4.0 on: 3.3 ignores it' },
      ],
    },
    { name: '2.8 reads "log" when log_keys is absent', kind: 'legacy', config: { log: ['Changes+', 'Attach'], databases: {} }, options: { target: '2.8' }, errors: [{ pointer: '/log/0', message: '"Changes+" is read as "Changes"' }, { pointer: '/log/1', message: '"Attach" is not a log key of 2.8' }] },
    { name: '2.8 reads logging.default.logKeys when log_keys is empty', kind: 'legacy', config: { log: ['Bogus'], logging: { console: { log_keys: [] }, default: { logKeys: ['Shadow'] } }, databases: {} }, options: { target: '2.8' }, errors: [{ pointer: '/logging/default/logKeys/0', message: '"Shadow" is not a log key of 2.8' }] },
    { name: 'a legacy database\'s own keys', kind: 'legacy', config: { databases: { db: { logging: { console: { log_keys: ['Nope'] } } } } }, errors: [{ pointer: '/databases/db/logging/console/log_keys/0', message: 'database "db": "Nope" is not a log key of 4.1' }] },
    { name: 'keys at a level that writes none of their lines', kind: 'bootstrap', config: { logging: { console: { log_level: 'warn', log_keys: ['CRUD', 'HTTP'] } } }, errors: [{ pointer: '/logging/console/log_keys', severity: 'info', message: 'log_keys have no effect: log_level "warn" writes no keyed line' }] },
    { name: 'keys of a console that is off', kind: 'legacy', config: { logging: { console: { enabled: false, log_keys: ['CRUD'] } }, databases: {} }, errors: [{ pointer: '/logging/console/log_keys', severity: 'info', message: 'console logging is off (enabled is false)' }] },
    { name: 'a database\'s keys at a quiet level', kind: 'database', config: { name: 'db', logging: { console: { log_level: 'error', log_keys: ['Sync'] } } }, errors: [{ pointer: '/logging/console/log_keys', message: 'database "db": log_keys have no effect' }] },
    { name: 'a key of 3.2 in a 3.1 database config', kind: 'database', config: { name: 'db', logging: { console: { log_keys: ['Walrus'] } } }, options: { target: '3.1' }, errors: [{ pointer: '/logging/console/log_keys/0', message: 'known from 3.2 on' }] },
  ],
});

describe('logging/log-keys details', () => {
  it('suggests the key that differs in case, and none between short names', async () => {
    const found = await lintForRule(rule.id, { kind: 'bootstrap', config: { logging: { console: { log_keys: ['crud', 'REST', 'Event', 'crud+'] } } } });
    expect(found.map((d) => d.detail?.match(/Did you mean "([^"]+)"/)?.[1] ?? null)).toEqual(['CRUD', null, 'Events', 'CRUD']);
  });

  it('fixes a trailing "+" to the key it is read as, and leaves "HTTP++" (the responses\' key alone) unfixed', async () => {
    const found = await lintForRule(rule.id, { kind: 'bootstrap', config: { logging: { console: { log_keys: ['Changes+', 'HTTP++'] } } } });
    expect(found.map((d) => d.fix ?? null)).toEqual([{ op: 'replace-value', pointer: '/logging/console/log_keys/0', value: 'Changes' }, null]);
    // Writing "HTTP+" would turn on the requests' key too: the detail does not advise it.
    expect(found.map((d) => /Write "/.test(d.detail ?? ''))).toEqual([true, false]);
  });
});
