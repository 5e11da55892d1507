import { describe, expect, it } from 'vitest';
import { lintText } from '../../../src/lint.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/removed-key.js';

const DB = { server: 'couchbases://h' };

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: { interface: ':4984', logging: { console: { log_level: 'info' } }, databases: { db: { ...DB, cache: { rev_cache: { size: 10 } } } } } },
    {
      name: 'deprecated keys the gateway still reads are reported once, by schema/deprecated', kind: 'legacy',
      config: { databases: { db: { ...DB, pool: 'default', kv_tls_port: 11207, rev_cache_size: 100, cache: { channel_cache_max_length: 10, channel_cache: { query_limit: 100 } } } } },
    },
    { name: '2.8 reads and uses adminUI and log: nothing to say for 2.8 (2.8/3.0 boundary)', kind: 'legacy', config: { adminUI: '/x.html', log: ['HTTP'], databases: { db: DB } }, options: { target: '2.8' } },
    { name: '3.2 still resyncs by query when asked', kind: 'database', config: { name: 'db', bucket: 'b', unsupported: { use_query_resync_manager: true } }, options: { target: '3.2' } },
    { name: 'login keys are fine in legacy mode', kind: 'legacy', config: { disable_persistent_config: true, facebook: { register: true }, databases: { db: DB } } },
  ],
  invalid: [
    {
      name: 'the query-based resync switch, gone in 3.3', kind: 'database', config: { name: 'db', bucket: 'b', unsupported: { use_query_resync_manager: true } },
      errors: [{ pointer: '/unsupported/use_query_resync_manager', severity: 'warning', message: 'database "db": "unsupported.use_query_resync_manager" is the switch to a query-based resync, which was removed (ignored by 4.1)' }],
    },
    { name: '3.0 ignores adminUI: a warning', kind: 'legacy', config: { adminUI: '/x.html', databases: { db: DB } }, options: { target: '3.0' }, errors: [{ pointer: '/adminUI', severity: 'warning', message: '3.0 and later ignore it' }] },
    { name: '2.8 knows logging.default: an info naming 3.0', kind: 'legacy', config: { logging: { default: { logFilePath: '/tmp/sg.log' } }, databases: { db: DB } }, options: { target: '2.8' }, errors: [{ pointer: '/logging/default', severity: 'info', message: '2.8 accepts it; 3.0 and later refuse it' }] },
    { name: 'keys gone before 2.8 are refused by 2.8 too', kind: 'legacy', config: { maxCouchbaseConnections: 16, databases: { db: DB } }, options: { target: '2.8' }, errors: [{ pointer: '/maxCouchbaseConnections', severity: 'error' }] },
    {
      name: 'reference example 19', kind: 'legacy',
      config: { logging: { default: { logFilePath: '/tmp/sg.log' } }, MaxCouchbaseConnections: 16, databases: { db: { ...DB, deprecated: {}, channel_index: { server: 'x' } } } },
      errors: [
        { pointer: '/logging/default', severity: 'error', message: '3.0 and later refuse it' },
        { pointer: '/MaxCouchbaseConnections', severity: 'error' },
        { pointer: '/databases/db/deprecated', severity: 'error' },
        { pointer: '/databases/db/channel_index', severity: 'error' },
      ],
    },
    {
      name: 'silently ignored keys', kind: 'legacy',
      config: { log: ['CRUD'], logFilePath: '/tmp/x', adminUI: 'x.html', databases: { db: DB } },
      errors: [
        { pointer: '/log', severity: 'warning', message: 'logging.console.log_keys' },
        { pointer: '/logFilePath', severity: 'warning', message: 'logging.log_file_path' },
        { pointer: '/adminUI', severity: 'warning' },
      ],
    },
    { name: 'facebook is lost by the upgrade', kind: 'legacy', config: { facebook: { register: true }, databases: { db: DB } }, errors: [{ pointer: '/facebook', severity: 'warning', message: 'gone after the first restart' }] },
    { name: '2.8 keeps the login: the upgrade is a later release\'s', kind: 'legacy', options: { target: '2.8' }, config: { google: { app_client_id: ['x'] }, databases: { db: DB } }, errors: [{ pointer: '/google', severity: 'info', message: '"google" login is lost when the automatic upgrade of 3.0 and later rewrites this file' }] },
    {
      name: 'per-database deprecated values', kind: 'legacy',
      config: { databases: { db: { ...DB, feed_type: 'TAP', import_docs: 'continuous' } } },
      errors: [
        { pointer: '/databases/db/feed_type', message: 'always uses DCP' },
        { pointer: '/databases/db/import_docs', message: 'write true' },
      ],
    },
    { name: 'database configs too', kind: 'database', config: { name: 'db', channel_index: {} }, errors: [{ pointer: '/channel_index', severity: 'error' }] },
  ],
});

describe('one fact, one finding', () => {
  it('a removed key is reported by this rule alone, not also as an unknown field', async () => {
    const text = JSON.stringify({ logging: { default: { logLevel: 'info' } }, databases: { db: { server: 'couchbases://h', enable_shared_bucket_access: true } } });
    for (const target of ['3.0', '4.1'] as const) {
      const { diagnostics } = await lintText(text, 'sync_gateway.json', { env: {}, remote: false, target });
      expect(diagnostics.filter((d) => d.pointer === '/logging/default').map((d) => d.rule), target).toEqual(['upgrade/removed-key']);
    }
  });
});
