// The gateway's own tests of the sync function, as a table: the facts and expected outputs of
// channels/channelmapper_test.go@4.1.1 (the runner, as a real write calls it) and of
// rest/diagnostic_doc_api_test.go@4.1.1 TestSyncFuncDryRun (the dry-run endpoint's whole answer).
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../../src/sync/pool.js';
import { runRequests } from '../../src/sync/run.js';
import type { CallPath, SyncAnswer, SyncRequest } from '../../src/sync/gateway.js';
import type { FunctionChoice } from '../../src/sync/select.js';
import { defaultSyncFunction } from '../../src/releases/sync-runner.js';
import { instrumentFunction } from '../../src/sync/instrument.js';

const pool = new SandboxPool(1);
afterAll(() => pool.close());

const EMPTY_LOGS = { errors: [], info: [] };
const SALLY = { name: 'sally', roles: ['girl', '5yo'], channels: ['party', 'school'] };
const LINUS = { name: 'linus', roles: ['boy', 'musician'], channels: ['party', 'school'] };

interface Row {
  /** The gateway test it comes from. */
  from: string;
  fn: string;
  request: SyncRequest;
  path?: CallPath;
  userXattrKey?: string;
  /** Fields of the answer that must be exactly these. */
  expect: Partial<SyncAnswer>;
}

const ok = (channels: string[] = [], access = {}, roles = {}) => ({ channels, access, roles });

const rows: Row[] = [
  { from: 'TestJavaScriptWorks', fn: 'function(doc) {channel(doc.x.concat(doc.y));}', request: { doc: { x: ['abc'], y: ['xyz'] }, oldDoc: {} }, expect: ok(['abc', 'xyz']) },
  { from: 'TestSyncFunction', fn: 'function(doc) {channel("foo", "bar"); channel("baz")}', request: { doc: { channels: [] }, oldDoc: {} }, expect: ok(['bar', 'baz', 'foo']) },
  { from: 'TestAccessFunction', fn: 'function(doc) {access("foo", "bar"); access("foo", "baz")}', request: { doc: {} }, expect: ok([], { foo: ['bar', 'baz'] }) },
  { from: 'TestSyncFunctionTakesArray', fn: 'function(doc) {channel(["foo", "bar ok","baz"])}', request: { doc: { channels: [] } }, expect: ok(['bar ok', 'baz', 'foo']) },
  { from: 'TestSyncFunctionRejectsInvalidChannels', fn: 'function(doc) {channel(["foo", "bad,name","baz"])}', request: { doc: {} }, expect: { channels: null, exception: 'Error returned from Sync Function: 400 Illegal channel name "bad,name"' } },
  { from: 'TestAccessFunctionRejectsInvalidChannels', fn: 'function(doc) {access("foo", "bad,name");}', request: { doc: {} }, expect: { access: null, exception: 'Error returned from Sync Function: 400 Illegal channel name "bad,name"' } },
  { from: 'TestAccessFunctionTakesArrayOfUsers', fn: 'function(doc) {access(["foo","bar","baz"], "ginger")}', request: { doc: {} }, expect: ok([], { bar: ['ginger'], baz: ['ginger'], foo: ['ginger'] }) },
  { from: 'TestAccessFunctionTakesArrayOfChannels', fn: 'function(doc) {access("lee", ["ginger", "earl_grey", "green"])}', request: { doc: {} }, expect: ok([], { lee: ['earl_grey', 'ginger', 'green'] }) },
  { from: 'TestAccessFunctionTakesArrayOfChannelsAndUsers', fn: 'function(doc) {access(["lee", "nancy"], ["ginger", "earl_grey", "green"])}', request: { doc: {} }, expect: ok([], { lee: ['earl_grey', 'ginger', 'green'], nancy: ['earl_grey', 'ginger', 'green'] }) },
  { from: 'TestAccessFunctionTakesEmptyArrayUser', fn: 'function(doc) {access([], ["ginger", "earl grey", "green"])}', request: { doc: {} }, expect: ok() },
  { from: 'TestAccessFunctionTakesEmptyArrayChannels', fn: 'function(doc) {access("lee", [])}', request: { doc: {} }, expect: ok() },
  { from: 'TestAccessFunctionTakesNullUser', fn: 'function(doc) {access(null, ["ginger", "earl grey", "green"])}', request: { doc: {} }, expect: ok() },
  { from: 'TestAccessFunctionTakesNullChannels', fn: 'function(doc) {access("lee", null)}', request: { doc: {} }, expect: ok() },
  { from: 'TestAccessFunctionTakesNonChannelsInArray', fn: 'function(doc) {access("lee", ["ginger", null, 5])}', request: { doc: {} }, expect: ok([], { lee: ['ginger'] }) },
  { from: 'TestAccessFunctionTakesUndefinedUser', fn: 'function(doc) {var x = {}; access(x.nothing, ["ginger", "earl grey", "green"])}', request: { doc: {} }, expect: ok() },
  { from: 'TestOttoValueToStringArray (nested arrays and numbers are dropped)', fn: 'function(doc) {channel(["a", ["b", "g"], "c", 4])}', request: { doc: {} }, expect: ok(['a', 'c']) },
  { from: 'TestRoleFunction', fn: 'function(doc) {role(["foo","bar","baz"], "role:froods")}', request: { doc: {} }, expect: ok([], {}, { bar: ['froods'], baz: ['froods'], foo: ['froods'] }) },
  { from: 'compileAccessMap: a role without the role: prefix', fn: 'function(doc) {role("foo", "froods")}', request: { doc: {} }, expect: { roles: null, exception: 'Error returned from Sync Function: Value "froods" does not begin with "role:"' } },
  { from: 'TestInputParse', fn: 'function(doc) {channel(doc.channel);}', request: { doc: { channel: 'foo' } }, expect: ok(['foo']) },
  { from: 'TestDefaultChannelMapper', fn: defaultSyncFunction(null), request: { doc: { channels: ['foo', 'bar', 'baz'] } }, expect: ok(['bar', 'baz', 'foo']) },
  { from: 'TestDefaultChannelMapper (no channels)', fn: defaultSyncFunction(null), request: { doc: { x: 'y' } }, expect: ok() },
  { from: 'TestEmptyChannelMapper', fn: 'function(doc) {}', request: { doc: { channels: ['foo', 'bar', 'baz'] } }, expect: ok() },
  { from: 'TestChannelMapperUnderscoreLib', fn: 'function(doc) {channel(_.first(doc.channels));}', request: { doc: { channels: ['foo', 'bar', 'baz'] } }, expect: ok(['foo']) },
  { from: 'TestChannelMapperReject', fn: 'function(doc) {reject(403, "bad");}', request: { doc: { channels: ['foo'] } }, expect: { ...ok(), exception: '403 bad' } },
  { from: 'TestChannelMapperThrow', fn: 'function(doc) {throw({forbidden:"bad"});}', request: { doc: { channels: ['foo'] } }, expect: { ...ok(), exception: '403 bad' } },
  { from: 'TestChannelMapperThrow (unauthorized)', fn: 'function(doc) {throw({unauthorized:"who are you"});}', request: { doc: {} }, expect: { ...ok(), exception: '401 who are you' } },
  { from: 'TestChannelMapperException', fn: 'function(doc) {(nil)[5];}', request: { doc: {} }, expect: { channels: null, exception: "Error returned from Sync Function: ReferenceError: 'nil' is not defined" } },
  { from: 'TestPublicChannelMapper', fn: 'function(doc) {channel(doc.channels);}', request: { doc: { channels: ['foo', 'bar', 'baz'] } }, expect: ok(['bar', 'baz', 'foo']) },
  { from: 'TestCheckUser (sally)', fn: 'function(doc, oldDoc) { requireUser(doc.owner); }', request: { doc: { owner: 'sally' }, user: { name: 'sally', roles: [], channels: [] } }, expect: ok() },
  { from: 'TestCheckUser (linus)', fn: 'function(doc, oldDoc) { requireUser(doc.owner); }', request: { doc: { owner: 'sally' }, user: { name: 'linus', roles: [], channels: [] } }, expect: { ...ok(), exception: '403 sg wrong user' } },
  { from: 'TestCheckUser (admin)', fn: 'function(doc, oldDoc) { requireUser(doc.owner); }', request: { doc: { owner: 'sally' } }, expect: ok() },
  { from: 'TestCheckUserArray (sally)', fn: 'function(doc, oldDoc) { requireUser(doc.owners); }', request: { doc: { owners: ['sally', 'joe'] }, user: { name: 'sally', roles: [], channels: [] } }, expect: ok() },
  { from: 'TestCheckUserArray (linus)', fn: 'function(doc, oldDoc) { requireUser(doc.owners); }', request: { doc: { owners: ['sally', 'joe'] }, user: { name: 'linus', roles: [], channels: [] } }, expect: { exception: '403 sg wrong user' } },
  { from: 'TestCheckRole (sally)', fn: 'function(doc, oldDoc) { requireRole(doc.role); }', request: { doc: { role: 'girl' }, user: SALLY }, expect: ok() },
  { from: 'TestCheckRole (linus)', fn: 'function(doc, oldDoc) { requireRole(doc.role); }', request: { doc: { role: 'girl' }, user: LINUS }, expect: { exception: '403 sg missing role' } },
  { from: 'TestCheckRoleArray (sally)', fn: 'function(doc, oldDoc) { requireRole(doc.roles); }', request: { doc: { roles: ['kid', 'girl'] }, user: SALLY }, expect: ok() },
  { from: 'TestCheckRoleArray (admin)', fn: 'function(doc, oldDoc) { requireRole(doc.roles); }', request: { doc: { roles: ['girl'] } }, expect: ok() },
  { from: 'TestCheckAccess (sally)', fn: 'function(doc, oldDoc) { requireAccess(doc.channel) }', request: { doc: { channel: 'party' }, user: SALLY }, expect: ok() },
  { from: 'TestCheckAccess (linus)', fn: 'function(doc, oldDoc) { requireAccess(doc.channel) }', request: { doc: { channel: 'work' }, user: LINUS }, expect: { exception: '403 sg missing channel access' } },
  { from: 'TestCheckAccessArray (sally)', fn: 'function(doc, oldDoc) { requireAccess(doc.channels) }', request: { doc: { channels: ['swim', 'party'] }, user: SALLY }, expect: ok() },
  { from: 'TestCheckAccessArray (linus)', fn: 'function(doc, oldDoc) { requireAccess(doc.channels) }', request: { doc: { channels: ['work'] }, user: LINUS }, expect: { exception: '403 sg missing channel access' } },
  { from: 'TestExpiryFunction (number)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: 100 } }, expect: { expiry: 100 } },
  { from: 'TestExpiryFunction (numeric string)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: '500' } }, expect: { expiry: 500 } },
  { from: 'TestExpiryFunction (date)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: '2105-01-01T00:00:00.000+00:00' } }, expect: { expiry: 4260211200 } },
  { from: 'TestExpiryFunction (not a date)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: 'abc' } }, expect: ok() },
  { from: 'TestExpiryFunction (array)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: ['100', '200'] } }, expect: ok() },
  { from: 'TestExpiryFunction (negative)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: -100 } }, expect: ok() },
  { from: 'TestExpiryFunction (beyond uint32)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: 123456789012345 } }, expect: ok() },
  { from: 'TestExpiryFunction (before 1970)', fn: 'function(doc) {expiry(doc.expiry);}', request: { doc: { expiry: '1805-01-01T00:00:00.000+00:00' } }, expect: ok() },
  { from: 'TestExpiryFunctionConstantValue (none given)', fn: 'function(doc) {expiry();}', request: { doc: {} }, expect: ok() },
  { from: 'TestExpiryFunctionMultipleInvocation', fn: 'function(doc) {expiry(doc.expiry); expiry(doc.secondExpiry)}', request: { doc: { expiry: 100 } }, expect: { expiry: 100 } },
  { from: 'TestMetaMap', fn: 'function(doc, oldDoc, meta) {channel(meta.xattrs.myxattr.channels);}', userXattrKey: 'myxattr', request: { doc: {}, xattrs: { myxattr: { channels: ['chan1', 'chan2'] } } }, expect: ok(['chan1', 'chan2']) },
  { from: 'TestNilMetaMap', fn: 'function(doc, oldDoc, meta) {channel(meta.xattrs.myxattr.val);}', request: { doc: {} }, expect: { exception: "Error returned from Sync Function: TypeError: Cannot access member 'val' of undefined" } },
  { from: 'TestCollectionSyncFunction', fn: defaultSyncFunction({ scope: 'fooscope', name: 'barcollection' }), request: { doc: { channels: ['foo', 'bar', 'baz'] } }, expect: ok(['barcollection']) },
  { from: 'TestSyncFunctionRecursion: a deep but finite recursion runs', fn: 'function(doc) { function r(n) { return n === 0 ? 0 : 1 + r(n - 1); } channel("depth-" + r(5000)); }', request: { doc: {} }, expect: ok(['depth-5000']) },
];

// rest/diagnostic_doc_api_test.go@4.1.1 TestSyncFuncDryRun: the endpoint's whole answer.
const endpointRows: Row[] = [
  {
    from: 'request sync function and doc body', path: 'endpoint',
    fn: 'function(doc) { channel(doc.channel); access(doc.accessUser, doc.accessChannel); role(doc.accessUser, doc.role); expiry(doc.expiry); }',
    request: { doc: { accessChannel: ['dynamicChan5412'], accessUser: 'user', channel: ['dynamicChan222'], expiry: 10 } },
    expect: { channels: ['dynamicChan222'], access: { user: ['dynamicChan5412'] }, roles: {}, expiry: 10, logging: EMPTY_LOGS },
  },
  {
    from: 'request sync function and doc with inline oldDoc', path: 'endpoint',
    fn: 'function(doc, oldDoc) { if (doc) { channel(doc.newDoc); }; if (oldDoc) { channel(oldDoc.oldDoc); }; }',
    request: { doc: { newDoc: 'newdoc_channel' }, oldDoc: { oldDoc: 'olddoc_channel' } },
    expect: { channels: ['newdoc_channel', 'olddoc_channel'], access: {}, roles: {}, logging: EMPTY_LOGS },
  },
  {
    from: 'sync func exception', path: 'endpoint',
    fn: "function(doc, oldDoc) { if (doc.user.num >= 100) { channel(doc.channel); } else { throw({forbidden: 'user num too low'}); } }",
    request: { doc: { user: { num: 23 } } },
    expect: { channels: [], access: {}, roles: {}, exception: '403 user num too low', logging: EMPTY_LOGS },
  },
  {
    from: 'sync func exception typeError', path: 'endpoint',
    fn: "function(doc, oldDoc) { if (doc.user.num >= 100) { channel(doc.channel); } else { throw({forbidden: 'user num too low'}); } if (oldDoc) { console.log(\"got oldDoc\"); access(doc.user.name[0], doc.channel); } }",
    request: { doc: { user: { num: 150 }, channel: 'abc' }, oldDoc: { user: { num: 123, name: ['user1'] }, channel: 'channel1' } },
    expect: { channels: null, access: null, roles: null, exception: "Error returned from Sync Function: TypeError: Cannot access member '0' of undefined", logging: { errors: [], info: ['got oldDoc'] } },
  },
  {
    from: 'default sync function with request doc', path: 'endpoint', fn: defaultSyncFunction(null),
    request: { doc: { channels: 'chanNew' } },
    expect: { channels: ['chanNew'], access: {}, roles: {}, logging: EMPTY_LOGS },
  },
  {
    from: 'logging with request sync fn', path: 'endpoint',
    fn: 'function(doc) { channel(doc.channel); if (doc.logerror) { console.error("This is a console.error log from doc.logerror"); } else { console.log("This is a console.log log from doc.logerror"); } if (doc.loginfo) { console.log("This is a console.log log from doc.loginfo"); } else { console.error("This is a console.error log from doc.loginfo"); } console.log("one more info for good measure..."); }',
    request: { doc: { channel: 'chanLog', logerror: true, loginfo: true } },
    expect: { channels: ['chanLog'], access: {}, roles: {}, logging: { errors: ['This is a console.error log from doc.logerror'], info: ['This is a console.log log from doc.loginfo', 'one more info for good measure...'] } },
  },
  {
    from: 'dry run with request doc sync func and user name', path: 'endpoint',
    fn: 'function(doc, oldDoc, meta) { requireUser("sgw-user"); }',
    request: { doc: { foo: 'bar' }, user: { name: 'sgw-user', roles: [], channels: [] } },
    expect: { channels: [], access: {}, roles: {}, logging: EMPTY_LOGS },
  },
  {
    from: 'dry run with request doc sync func and incorrect user name', path: 'endpoint',
    fn: 'function(doc, oldDoc, meta) { requireUser("sgw-user"); }',
    request: { doc: { foo: 'bar' }, user: { name: 'sgw-user1', roles: [], channels: [] } },
    expect: { channels: [], access: {}, roles: {}, exception: '403 sg wrong user', logging: EMPTY_LOGS },
  },
  {
    from: 'dry run with request doc sync func and user name and access channel', path: 'endpoint',
    fn: 'function(doc, oldDoc, meta) { requireAccess("access-channel"); }',
    request: { doc: { foo: 'bar' }, user: { name: 'sgw-user1', roles: [], channels: ['access-channel'] } },
    expect: { channels: [], access: {}, roles: {}, logging: EMPTY_LOGS },
  },
];

async function answerOf(row: Row, counted = false): Promise<SyncAnswer> {
  const choice: FunctionChoice = { collection: null, role: 'sync', source: row.fn, isDefault: false, ...(row.userXattrKey ? { userXattrKey: row.userXattrKey } : {}) };
  const instrumented = counted ? instrumentFunction(row.fn) : undefined;
  if (counted && !instrumented) throw new Error(`cannot instrument ${row.fn}`);
  const ran = await runRequests(pool, choice, '4.1', row.path ?? 'write', [row.request], instrumented ?? undefined);
  if (!ran.ok) throw new Error(ran.message);
  const outcome = ran.outcomes[0]!;
  if (outcome.kind !== 'sync') throw new Error(`not a sync outcome: ${JSON.stringify(outcome)}`);
  return outcome.answer;
}

describe('conformance with the gateway\'s channel mapper tests (channels/channelmapper_test.go@4.1.1)', () => {
  it.each(rows.map((r) => [r.from, r] as const))('%s', async (_name, row) => {
    const answer = await answerOf(row);
    for (const [key, value] of Object.entries(row.expect)) expect(answer[key as keyof SyncAnswer], key).toEqual(value);
    if (!('expiry' in row.expect)) expect(answer.expiry).toBeUndefined();
  });
});

describe('conformance with the dry-run endpoint\'s tests (rest/diagnostic_doc_api_test.go@4.1.1)', () => {
  it.each(endpointRows.map((r) => [r.from, r] as const))('%s: the whole answer', async (_name, row) => {
    expect(await answerOf(row)).toEqual(row.expect);
  });
});

describe('with coverage counters (sgconf test --coverage), every answer is the same', () => {
  it.each([...rows, ...endpointRows].map((r) => [r.from, r] as const))('%s', async (_name, row) => {
    expect(await answerOf(row, true)).toEqual(await answerOf(row));
  });
});
