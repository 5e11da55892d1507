import { describe, expect, it } from 'vitest';
import { lintForRule, runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/upgrade/walrus-server.js';

const legacy = (server: string, fields: Record<string, unknown> = {}) => ({ ...fields, databases: { db: { server, bucket: 'db' } } });

runRuleTests(rule, {
  valid: [
    { name: 'legacy mode opens walrus: as a bucket in memory', kind: 'legacy', config: legacy('walrus:', { disable_persistent_config: true }) },
    { name: 'rosmar\'s own store in memory', kind: 'bootstrap', config: { bootstrap: { server: 'rosmar:/?mode=memory' } } },
    { name: 'rosmar\'s own store in memory, from 3.2', kind: 'legacy', config: legacy('rosmar:/?mode=memory', { disable_persistent_config: true }), options: { target: '3.2' } },
    { name: 'a folder path is rosmar\'s', kind: 'legacy', config: legacy('./data') },
    { name: 'rosmar\'s own address of a folder', kind: 'bootstrap', config: { bootstrap: { server: 'rosmar:///var/lib/sg' } } },
    { name: 'a Couchbase Server', kind: 'legacy', config: legacy('couchbases://cb1') },
    { name: 'a folder the deployment names', kind: 'bootstrap', config: '{"bootstrap": {"server": "walrus:${SG_DATA}"}}', options: { env: { SG_DATA: 'data' } } },
  ],
  invalid: [
    {
      name: 'a walrus folder in a legacy database', kind: 'legacy', config: legacy('walrus:walrus_data'),
      errors: [{ pointer: '/databases/db/server', severity: 'error', message: 'the server of database "db" names a walrus folder, which rosmar cannot open (refused by 4.1)' }],
    },
    {
      name: 'a walrus folder in legacy mode too', kind: 'legacy', config: legacy('walrus:walrus_data', { disable_persistent_config: true }), options: { target: '3.2' },
      errors: [{ pointer: '/databases/db/server', severity: 'error', message: '(refused by 3.2)' }],
    },
    {
      name: 'a walrus folder as the bootstrap server', kind: 'bootstrap', config: { bootstrap: { server: 'walrus:/tmp/sg' } }, options: { target: '3.2' },
      errors: [{ pointer: '/bootstrap/server', severity: 'error', message: 'bootstrap.server names a walrus folder' }],
    },
    {
      name: '3.1 still opens a folder with walrus: an info', kind: 'legacy', config: legacy('walrus:data'), options: { target: '3.1' },
      errors: [{ pointer: '/databases/db/server', severity: 'info', message: '(refused by 3.2)' }],
    },
    {
      name: 'each database that names one', kind: 'legacy', config: { databases: { a: { server: 'walrus:data' }, b: { server: 'walrus:.' } } },
      errors: [{ pointer: '/databases/a/server', severity: 'error' }, { pointer: '/databases/b/server', severity: 'error' }],
    },
    {
      name: 'walrus: as the bootstrap server', kind: 'bootstrap', config: { bootstrap: { server: 'walrus:' } },
      errors: [{ pointer: '/bootstrap/server', severity: 'error', message: 'bootstrap.server "walrus:" names no folder for the bootstrap\'s rosmar store (refused by 4.1)' }],
    },
    {
      name: 'walrus: in a legacy config the automatic upgrade takes', kind: 'legacy', config: legacy('walrus:'),
      errors: [{ pointer: '/databases/db/server', severity: 'error', message: 'is "walrus:", which the automatic upgrade cannot open (refused by 4.1)' }],
    },
    {
      name: 'a rosmar address before rosmar', kind: 'bootstrap', config: { bootstrap: { server: 'rosmar:/?mode=memory' } }, options: { target: '3.1' },
      errors: [{ pointer: '/bootstrap/server', severity: 'error', message: 'bootstrap.server is a rosmar address, read as a Couchbase Server before rosmar (refused by 3.1)' }],
    },
    {
      name: 'a rosmar folder in a legacy database for 2.8', kind: 'legacy', config: legacy('rosmar:///var/lib/sg'), options: { target: '2.8' },
      errors: [{ pointer: '/databases/db/server', severity: 'error' }],
    },
    {
      name: 'walrus: for 4.0, which opens it in memory: an info', kind: 'bootstrap', config: { bootstrap: { server: 'walrus:' } }, options: { target: '4.0' },
      errors: [{ pointer: '/bootstrap/server', severity: 'info', message: '(refused by 4.1)' }],
    },
  ],
});

describe('upgrade/walrus-server\'s advice for a walrus folder', () => {
  it('names the store in memory the target opens there: "walrus:" in legacy mode and before 4.1, rosmar\'s own address as a 4.1 bootstrap server', async () => {
    const inMemory = async (kind: 'legacy' | 'bootstrap', config: unknown, target: string) =>
      /or ("[^"]+") for buckets in memory/.exec((await lintForRule(rule.id, { kind, config, options: { target } }))[0]?.detail ?? '')?.[1];
    expect(await inMemory('bootstrap', { bootstrap: { server: 'walrus:/tmp/sg' } }, '4.1')).toBe('"rosmar:/?mode=memory"');
    expect(await inMemory('bootstrap', { bootstrap: { server: 'walrus:/tmp/sg' } }, '3.2')).toBe('"walrus:"');
    expect(await inMemory('legacy', legacy('walrus:data'), '4.1')).toBe('"rosmar:/?mode=memory"');
    expect(await inMemory('legacy', legacy('walrus:data', { disable_persistent_config: true }), '4.1')).toBe('"walrus:"');
  });
});
