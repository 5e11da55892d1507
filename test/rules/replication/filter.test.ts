import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/filter.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

const BY = 'sync_gateway/bychannel';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, filter: BY, query_params: { channels: ['a'] } } }) },
    { name: 'array of channels', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: ['a', 'b'] } }) },
    { name: 'before 3.1, channels beside another key is channels alone', kind: 'legacy', options: { target: '2.8' }, config: legacyWith({ r1: { ...GOOD, filter: BY, query_params: { channels: ['a'], collections_channels: { 's.c': ['a'] } } } }) },
    { name: 'collections channels', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, collections_enabled: true, collections_local: ['s.c'], query_params: { collections_channels: { 's.c': ['a'] } } } }) },
  ],
  invalid: [
    { name: 'V16: channel filter without query_params', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, filter: BY } }), errors: [{ pointer: `${L}/r1/filter`, severity: 'error', message: 'needs query_params' }] },
    { name: 'V17: both channels and collections_channels', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, collections_local: ['s.c'], query_params: { channels: ['a'], collections_channels: { 's.c': ['a'] } } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels`, severity: 'error' }] },
    { name: 'V17: collections_channels without collections_local', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: { collections_channels: { 's.c': ['a'] } } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels`, message: 'needs collections_local' }] },
    { name: 'V17: a local collection missing', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, collections_enabled: true, collections_local: ['s.c', 's.d'], query_params: { collections_channels: { 's.c': ['a'] } } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels`, message: '"s.d"' }] },
    { name: 'no channel list: a push sends every channel', kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: 'push', filter: BY, query_params: {} } }), errors: [{ pointer: `${D}/r1/query_params`, severity: 'warning', message: 'pushes every channel: its query_params has neither' }] },
    { name: 'query_params is a map read by exact key: "Channels" is not "channels"', kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: 'pull', filter: BY, query_params: { Channels: ['a'] } } }), errors: [{ pointer: `${D}/r1/query_params`, severity: 'warning', message: 'pulls nothing' }] },
    { name: 'an empty list, both ways', kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: 'pushAndPull', filter: BY, query_params: { channels: [] } } }), errors: [{ pointer: `${D}/r1/query_params/channels`, severity: 'warning', message: 'pushes every channel and pulls nothing: its channel list is empty' }] },
    { name: 'an empty array as query_params', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, direction: 'push', filter: BY, query_params: [] } }), errors: [{ pointer: `${L}/r1/query_params`, severity: 'warning', message: 'pushes every channel' }] },
    { name: 'an empty list for one collection', kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: 'push', filter: BY, collections_enabled: true, collections_local: ['s.c', 's.d'], query_params: { collections_channels: { 's.c': ['a'], 's.d': [] } } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels/s.d`, severity: 'warning', message: 'its channel list for "s.d" is empty' }] },
    { name: 'channels that are no list of names', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: { channels: 'a' } } }), errors: [{ pointer: `${D}/r1/query_params/channels`, severity: 'error', message: 'is not a list of channel names' }] },
    { name: 'a channel name that is not a string, in each place a list can be', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: ['a', 7] }, r2: { ...GOOD, replication_id: 'r2', filter: BY, query_params: { channels: [true, { name: 'a' }] } }, r3: { ...GOOD, replication_id: 'r3', filter: BY, collections_enabled: true, collections_local: ['s.c'], query_params: { collections_channels: { 's.c': [null] } } } }), errors: [
      { pointer: `${D}/r1/query_params/1`, severity: 'error', message: 'the channel name 7 in query_params is not a string' },
      { pointer: `${D}/r2/query_params/channels/0`, severity: 'error', message: 'true' },
      { pointer: `${D}/r2/query_params/channels/1`, severity: 'error', message: 'the channel name an object in query_params' },
      { pointer: `${D}/r3/query_params/collections_channels/s.c/0`, severity: 'error', message: 'null' },
    ] },
    { name: 'collections_channels that is no map', kind: 'database', config: databaseWith({ r1: { ...GOOD, filter: BY, collections_enabled: true, collections_local: ['s.c'], query_params: { collections_channels: ['a'] } } }), errors: [{ pointer: `${D}/r1/query_params/collections_channels`, severity: 'error', message: 'not a map of collection to channel list' }] },
    { name: 'before 3.1 an object without channels is refused; collections_channels is no key those releases read', kind: 'database', options: { target: '3.0' }, config: databaseWith({ r1: { ...GOOD, filter: BY, query_params: { collections_channels: { 's.c': ['a'] } } } }), errors: [{ pointer: `${D}/r1/query_params`, severity: 'error', message: 'query_params has no channels list (refused by 3.0)' }] },
    { name: 'query_params without filter', kind: 'database', config: databaseWith({ r1: { ...GOOD, query_params: ['a'] } }), errors: [{ pointer: `${D}/r1/query_params`, severity: 'warning', message: 'ignored' }] },
  ],
});
