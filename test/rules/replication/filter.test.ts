import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/filter.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

const BY = 'sync_gateway/bychannel';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, filter: BY, query_params: { channels: ['a'] } } }) },
    { name: 'array of channels', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: ['a', 'b'] } }) },
    { name: 'collections channels', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, collections_enabled: true, collections_local: ['s.c'], query_params: { collections_channels: { 's.c': ['a'] } } } }) },
  ],
  invalid: [
    { name: 'V16: channel filter without query_params', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, filter: BY } }), errors: [{ pointer: `${L}/r1/filter`, severity: 'error', message: 'needs query_params' }] },
    { name: 'V17: both channels and collections_channels', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, collections_local: ['s.c'], query_params: { channels: ['a'], collections_channels: { 's.c': ['a'] } } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels`, severity: 'error' }] },
    { name: 'V17: collections_channels without collections_local', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: { collections_channels: { 's.c': ['a'] } } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels`, message: 'needs collections_local' }] },
    { name: 'V17: a local collection missing', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, collections_enabled: true, collections_local: ['s.c', 's.d'], query_params: { collections_channels: { 's.c': ['a'] } } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels`, message: '"s.d"' }] },
    { name: 'empty channel set', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: {} } }), errors: [{ pointer: `${D}/r1/query_params`, severity: 'warning', message: 'replicates nothing' }] },
    { name: 'query_params is a map read by exact key: "Channels" is not "channels"', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: { Channels: ['a'] } } }), errors: [{ pointer: `${D}/r1/query_params`, severity: 'warning', message: 'replicates nothing' }] },
    { name: 'query_params without filter', kind: 'database', config: databaseWith({ r1: { ...GOOD, query_params: ['a'] } }), errors: [{ pointer: `${D}/r1/query_params`, severity: 'warning', message: 'ignored' }] },
  ],
});
