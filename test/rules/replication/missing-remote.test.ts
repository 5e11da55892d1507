import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/missing-remote.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: GOOD }) },
    { name: 'remote with credentials is still a URL', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'http://u:p@sg2:4985/db' } }) },
    { name: 'an IPv6 host, a scheme in capitals', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'HTTPS://[fe80::1]:4984/db' } }) },
  ],
  invalid: [
    { name: 'missing remote in a legacy file', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, remote: undefined } }), errors: [{ pointer: `${L}/r1`, message: 'the gateway does not start' }] },
    { name: 'empty remote in a database config', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: '' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'never runs' }] },
    { name: 'a host and port without a scheme is read as the scheme "sg2"', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'sg2:4984/db' } }), errors: [{ pointer: `${D}/r1/remote`, severity: 'error', message: 'no http:// or https:// URL, so the replication never connects' }] },
    { name: 'a WebSocket URL, as Couchbase Lite writes them', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, remote: 'wss://sg2.example.com:4984/db' } }), errors: [{ pointer: `${L}/r1/remote`, message: 'never connects' }] },
    { name: 'an address alone', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: '10.0.0.2' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'never connects' }] },
    { name: 'no host', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'https:///db' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'never connects' }] },
    { name: 'Go cannot parse it: a port that is no number', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'https://sg2:port/db' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'not a URL the gateway can read' }] },
    { name: 'Go cannot parse it: a colon in the first segment without a scheme', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, remote: '1sg:4984/db' } }), errors: [{ pointer: `${L}/r1/remote`, message: 'not a URL the gateway can read' }] },
    { name: 'an opaque text after a scheme is kept as written, "%" and all: read, and never connects', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'sg2:49%zz/db' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'never connects' }] },
    { name: 'Go cannot parse it: an http host with two colons (Go\'s strict colons), an escaped ASCII byte in a host', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'https://sg2:4984:4985/db' }, r2: { ...GOOD, replication_id: 'r2', remote: 'https://sg%41/db' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'not a URL the gateway can read' }, { pointer: `${D}/r2/remote`, message: 'not a URL the gateway can read' }] },
    { name: 'Go cannot parse it: a template left in the host', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'https://{{ sg_host }}:4984/db' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'not a URL the gateway can read' }] },
    { name: 'Go cannot parse it: a "%" that is no escape', kind: 'database', config: databaseWith({ r1: { ...GOOD, remote: 'https://sg2/d%zb' } }), errors: [{ pointer: `${D}/r1/remote`, message: 'not a URL the gateway can read' }] },
  ],
});
