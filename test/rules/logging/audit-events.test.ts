import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/logging/audit-events.js';

const bootstrap = (events: unknown[]) => ({ bootstrap: { server: 'couchbases://cb' }, logging: { audit: { enabled: true, enabled_events: events } } });
const database = (events: unknown[]) => ({ name: 'db', logging: { audit: { enabled: true, enabled_events: events } } });

runRuleTests(rule, {
  valid: [
    { name: 'global events in the startup config', kind: 'bootstrap', config: bootstrap([53248, 53270, 53351]) },
    { name: 'database events in a database', kind: 'database', config: database([54000, 53280, 55008]) },
    { name: 'an event added in a later patch of the target line (the line is judged as its newest patch)', kind: 'database', config: database([54105]), options: { target: '3.3' } },
    { name: 'a release without audit logging: schema/unknown-field says so', kind: 'database', config: database([1]), options: { target: '3.1' } },
  ],
  invalid: [
    {
      name: 'an unknown id, a database event in the startup config, an event of a later release',
      kind: 'bootstrap', config: bootstrap([1, 54000, 53351]), options: { target: '4.0' },
      errors: [
        { pointer: '/logging/audit/enabled_events/0', severity: 'error', message: 'audit event 1 is not one 4.0 knows' },
        { pointer: '/logging/audit/enabled_events/1', message: 'audit event 54000 ("Create database") is a database event, set in the startup config' },
        { pointer: '/logging/audit/enabled_events/2', message: 'audit event 53351 is known from 4.1 on, not to 4.0' },
      ],
    },
    { name: 'a global event in a database', kind: 'database', config: database([53270]), errors: [{ pointer: '/logging/audit/enabled_events/0', severity: 'error', message: 'database "db": audit event 53270 ("Public HTTP API request") is a global event, set in a database' }] },
    { name: 'legacy mode: an error', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: database([99999]) } }, errors: [{ pointer: '/databases/db/logging/audit/enabled_events/0', severity: 'error', message: 'database "db": audit event 99999' }] },
    { name: 'a legacy file the gateway upgrades: a warning (the upgrade does not validate)', kind: 'legacy', config: { databases: { db: database([99999]) } }, errors: [{ pointer: '/databases/db/logging/audit/enabled_events/0', severity: 'warning' }] },
  ],
});
