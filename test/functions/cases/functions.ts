// Rule tables of the functions/* group, written from real functions of the corpus. Each table is run twice:
// through the lint pipeline (test/rules/functions/<name>.test.ts) and straight through the stage (rule-tables.test.ts).
import { corpusConfig } from './corpus.js';
import { HANDLER_POINTER, legacyDb, RESOLVER_POINTER, withHandler, withResolver, type RuleCases } from './types.js';

const TRAVEL = 'couchbaselabs__mobile-travel-sample/sync-gateway-config-travelsample-docker.json';
const TODO_COLLECTIONS = 'couchbaselabs__mobile-training-todo/config__sync-gateway-config.json';
const ROLES_DEMO = 'ToddGreenstein__cb-sg-demo/sync-gateway-config.json';
const TODOLITE = 'couchbaselabs__ToDoLite-iOS/sync-gateway-config.json';
const IMPORT_FILTER_DB = 'couchbase__sync_gateway/examples__database_config__import-filter.json';
const REPLICATIONS = 'couchbase__sync_gateway/examples__legacy_config__replications-in-config.json';
const EVENTS = 'couchbase__sync_gateway/examples__legacy_config__events_webhook.json';
const THREE_ARGS = 'shu3102__MotoNexus/config__sync-gateway__sync-gateway-config.json';
const CHAT = 'jschmid__couchbase-chat/sync-gateway__config.json';

// The travel sample's import filter, as written in the corpus.
const TRAVEL_IMPORT_FILTER = 'function(doc) {\n  if (doc._id.indexOf("user::") == 0) {\n    return true;\n  }\n  return false;\n}';

export const cases: Record<string, RuleCases> = {
  'functions/syntax-error': {
    valid: [
      { name: 'an ES5 sync function and import filter', kind: 'database', config: { bucket: 'b', sync: 'function(doc, oldDoc) {\n  if (doc.type === "order") { requireUser(doc.owner); channel("orders"); }\n}', import_filter: 'function(doc) { return doc.type === "order"; }' } },
      { name: 'travel sample', kind: 'legacy', config: corpusConfig(TRAVEL) },
      { name: 'collections', kind: 'legacy', config: corpusConfig(TODO_COLLECTIONS) },
      { name: '20,000 else if branches: otto reads them, though acorn runs out of stack', kind: 'database', config: { bucket: 'b', sync: `function(doc) { if (doc.n === 0) {}${Array.from({ length: 19999 }, (_, i) => ` else if (doc.n === ${i + 1}) {}`).join('')} }` } },
    ],
    invalid: [
      { kind: 'legacy', config: legacyDb({ sync: 'function(doc) {\n  if (doc.type {\n    channel(doc.type);\n  }\n}' }), errors: [{ pointer: '/databases/db/sync', message: 'Unexpected token' }] },
      // otto's message at otto's place.
      { name: 'ES5 rejects a trailing comma in a call', kind: 'database', config: { bucket: 'b', import_filter: 'function(doc) { return check(doc, ); }' }, errors: [{ pointer: '/import_filter', message: 'Unexpected token )' }] },
      { name: 'otto refuses [^] in a regular expression, which acorn reads', kind: 'database', config: { bucket: 'b', sync: 'function(doc) {\n  if (/^[^]*$/.test(doc.x)) channel("x");\n}' }, errors: [{ pointer: '/sync', message: 'Invalid regular expression: missing closing ]' }] },
      { name: 'otto refuses 08, which acorn reads', kind: 'database', config: { bucket: 'b', sync: 'function(doc) { channel(String(08)); }' }, errors: [{ pointer: '/sync', message: 'Unexpected token ILLEGAL' }] },
    ],
  },
  'functions/es2015-syntax': {
    valid: [
      { name: 'ES5 only: var, function expressions, string concatenation', kind: 'legacy', config: legacyDb({ sync: 'function(doc, oldDoc) {\n  var owner = doc.owner;\n  (doc.tags || []).forEach(function (t) { channel("tag-" + t); });\n  channel(owner);\n}' }) },
      { name: 'role demo (225 lines of ES5)', kind: 'legacy', config: corpusConfig(ROLES_DEMO) },
      { name: 'ToDoLite', kind: 'legacy', config: corpusConfig(TODOLITE) },
    ],
    invalid: [
      {
        // (A template literal cannot reach a function in a JSON config: the gateway's backtick conversion eats it first.)
        kind: 'legacy', config: legacyDb({ sync: 'function(doc, oldDoc) {\n  const owner = doc.owner;\n  var {type} = doc;\n  channel(owner);\n}' }),
        errors: [{ pointer: '/databases/db/sync', message: '`const` declaration' }, { pointer: '/databases/db/sync', message: 'object destructuring' }],
      },
      {
        kind: 'database', config: { bucket: 'b', scopes: { s: { collections: { c: { sync: 'function(doc) { doc.tags.forEach(t => channel(t)); }' } } } } },
        errors: [{ pointer: '/scopes/s/collections/c/sync', message: 'arrow function' }],
      },
    ],
  },
  'functions/otto-regexp': {
    valid: [
      { name: 'what RE2 can do', kind: 'legacy', config: legacyDb({ sync: 'function(doc) { if (/^order-[0-9]+$/i.test(doc._id) && /a\\10b/.test(doc.x)) channel(doc.channels); }' }) },
      { name: 'role demo (225 lines of ES5)', kind: 'legacy', config: corpusConfig(ROLES_DEMO) },
      // 3.1.12 and later are built with Go 1.22 or later, whose regexp reads (?<name>...).
      ...(['3.1', '4.1'] as const).map((target) => ({ name: `a named group, for ${target}`, kind: 'legacy' as const, options: { target }, config: legacyDb({ sync: 'function(doc) { var m = /^(?<kind>[a-z]+)-/.exec(doc._id) || new RegExp("(?<n>x)").exec(doc.x); channel(doc.channels); }' }) })),
      { name: 'a class or an escape that holds (?<, and (?P<name>...), for 2.8', kind: 'legacy', options: { target: '2.8' }, config: legacyDb({ sync: 'function(doc) { if (/[(?<a>]\\(?<b>(?P<c>x)/.test(doc.x)) channel(doc.channels); }' }) },
    ],
    invalid: [
      {
        name: 'a lookahead in a literal: the gateway refuses the function', kind: 'legacy',
        config: legacyDb({ sync: 'function(doc) {\n  if (/^(?=.*[0-9])\\w+$/.test(doc.code)) channel("coded");\n}' }),
        errors: [{ pointer: '/databases/db/sync', message: 'cannot compile ((?=) <lookahead>)', severity: 'error' }],
      },
      {
        name: 'a backreference in a collection function', kind: 'database',
        config: { bucket: 'b', scopes: { s: { collections: { c: { sync: 'function(doc) { if (/(a)\\1/.test(doc.x)) channel("x"); }' } } } } },
        errors: [{ pointer: '/scopes/s/collections/c/sync', message: '\\1 <backreference>' }],
      },
      {
        name: '\\s matches less in the gateway (an info)', kind: 'legacy',
        config: legacyDb({ sync: 'function(doc) { if (/^\\s*$/.test(doc.title) || new RegExp("a\\\\Sb").test(doc.x)) throw({forbidden: "blank title"}); channel(doc.channels); }' }),
        errors: [
          { pointer: '/databases/db/sync', message: 'matches as [\\t\\n\\f\\r ] only', severity: 'info' },
          { pointer: '/databases/db/sync', message: 'matches as [\\t\\n\\f\\r ] only', severity: 'info' },
        ],
      },
      {
        name: 'a named group in a literal, for 2.8 and 3.0 (built with Go 1.16): the gateway refuses the function', kind: 'legacy', options: { target: '3.0' },
        config: legacyDb({ sync: 'function(doc) {\n  var m = /^(?<kind>[a-z]+)-/.exec(doc._id);\n  channel(m ? m[1] : "none");\n}' }),
        errors: [{ pointer: '/databases/db/sync', message: 'has a named group the gateway cannot compile (refused by 3.0)', severity: 'error', line: 5, column: 45 }],
      },
      {
        name: 'a named group in a RegExp built from a string, for 2.8: it throws when it runs', kind: 'legacy', options: { target: '2.8' },
        config: legacyDb({ sync: 'function(doc) { if (new RegExp("(?<n>x)").test(doc.x)) channel(doc.channels); }' }),
        errors: [{ pointer: '/databases/db/sync', message: 'builds a named group the gateway cannot compile (refused by 2.8)', severity: 'warning' }],
      },
      {
        name: 'new RegExp with a constant pattern throws when it runs', kind: 'legacy',
        config: legacyDb({ sync: 'function(doc) { var re = new RegExp("x(?!y)"); channel(doc.channels); }' }),
        errors: [{ pointer: '/databases/db/sync', message: 'throws when this line runs', severity: 'warning' }],
      },
      {
        name: 'in a helper of the function: a literal, and RegExp called without new', kind: 'legacy',
        config: legacyDb({ sync: 'function(doc) {\n  function check(x) { return /a\\1/.test(x) || RegExp("b(?=c)").test(x); }\n  if (check(doc.x)) channel(doc.channels);\n}' }),
        errors: [
          { pointer: '/databases/db/sync', message: 'has a regular expression the gateway cannot compile (\\1 <backreference>)', severity: 'error' },
          { pointer: '/databases/db/sync', message: 'builds a regular expression the gateway cannot compile ((?=) <lookahead>)', severity: 'warning' },
        ],
      },
    ],
  },
  'functions/document-key-order': {
    valid: [
      { name: 'a loop that visits every key ends the same in any order', kind: 'legacy', config: legacyDb({ sync: 'function(doc) { for (var member in doc.members) access(member, doc.channels); }' }) },
      { name: 'sorted keys and a count do not depend on the order', kind: 'legacy', config: legacyDb({ sync: 'function(doc) { var keys = Object.keys(doc).sort(); if (Object.keys(doc).length > 20) throw({forbidden: "too many fields"}); channel(keys[0]); }' }) },
      { name: 'a loop over another object', kind: 'legacy', config: legacyDb({ sync: 'function(doc) { var seen = {a: 1}; for (var k in seen) { if (k) break; } channel(doc.channels); }' }) },
      { name: 'a webhook filter gets the document as JSON, not as a Go map', kind: 'legacy', config: legacyDb({ event_handlers: { document_changed: [{ handler: 'webhook', url: 'https://example.com/hook', filter: 'function(doc) { for (var k in doc) { return true; } return false; }' }] } }) },
    ],
    invalid: [
      {
        name: 'the first key decides: break', kind: 'legacy',
        config: legacyDb({ sync: 'function(doc) {\n  var first;\n  for (var k in doc.labels) { first = k; break; }\n  channel(first);\n}' }),
        errors: [{ pointer: '/databases/db/sync', message: 'stops early while looping over the document\'s keys', severity: 'warning' }],
      },
      {
        name: 'the rejection names the first bad field: throw in an import filter', kind: 'legacy',
        config: legacyDb({ import_filter: 'function(doc) { for (var k in doc) if (k.charAt(0) === "$") throw({forbidden: "bad field " + k}); return true; }' }),
        errors: [{ pointer: '/databases/db/import_filter', message: 'random order' }],
      },
      {
        name: 'a list of keys used by position', kind: 'database',
        config: { bucket: 'b', sync: 'function(doc, oldDoc) { channel(Object.keys(doc)[0]); }' },
        errors: [{ pointer: '/sync', message: 'lists the document\'s keys' }],
      },
      {
        name: 'in a helper of the function, beside an order-free count', kind: 'legacy',
        config: legacyDb({ sync: 'function(doc) {\n  function firstKey() { return Object.keys(doc.labels).length > 0 ? Object.keys(doc.labels)[0] : null; }\n  channel(firstKey());\n}' }),
        errors: [{ pointer: '/databases/db/sync', message: 'lists the document\'s keys', line: 5, column: 101 }],
      },
    ],
  },
  'functions/not-a-function': {
    valid: [{ kind: 'legacy', config: legacyDb({ sync: 'function (doc, oldDoc, meta) { channel(doc.channels); }' }) }, { kind: 'legacy', config: corpusConfig(THREE_ARGS) }],
    invalid: [
      { name: 'stray semicolon', kind: 'legacy', config: legacyDb({ sync: 'function(doc) { channel(doc.channels); };' }), errors: [{ pointer: '/databases/db/sync', message: 'remove the semicolon' }] },
      { name: 'statements only', kind: 'legacy', config: legacyDb({ sync: 'channel(doc.channels);' }), errors: [{ pointer: '/databases/db/sync', message: 'JavaScript statements' }] },
      { name: 'template placeholder', kind: 'legacy', config: legacyDb({ sync: '{{ sync_function }}' }), errors: [{ pointer: '/databases/db/sync', message: 'template placeholder' }] },
    ],
  },
  'functions/source-not-found': {
    valid: [{ kind: 'legacy', config: legacyDb({ sync: 'function(doc) { channel(doc.channels); }', import_filter: '' }) }],
    invalid: [
      { kind: 'legacy', config: legacyDb({ sync: 'functions/no-such-sync.js' }), errors: [{ pointer: '/databases/db/sync', message: 'inline JavaScript' }] },
      {
        name: 'collection functions are always inline', kind: 'database',
        config: { bucket: 'b', scopes: { s: { collections: { c: { import_filter: 'filters/import.js' } } } } },
        errors: [{ pointer: '/scopes/s/collections/c/import_filter', message: 'always inline' }],
      },
    ],
  },
  'functions/load-failed': {
    valid: [{ kind: 'legacy', config: legacyDb({ sync: 'function(doc) { channel(doc.channels); }' }) }, { kind: 'legacy', config: corpusConfig(EVENTS) }],
    invalid: [
      {
        name: 'connection refused', kind: 'legacy', options: { remote: true, remoteHosts: ['127.0.0.1'], remoteTimeoutMs: 3000 },
        config: legacyDb({ sync: 'http://127.0.0.1:1/sync.js' }), errors: [{ pointer: '/databases/db/sync', message: 'cannot load the sync function from URL' }],
      },
    ],
  },
  'functions/remote-disabled': {
    valid: [{ kind: 'legacy', config: legacyDb({ sync: 'function(doc) {}' }) }],
    invalid: [
      {
        kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://hooks.example.com/x', filter: 'https://config.example.com/filter.js' }),
        errors: [{ pointer: `${HANDLER_POINTER}/filter`, message: 'not fetched', severity: 'info' }],
      },
    ],
  },
  'functions/external-source-in-database-config': {
    valid: [
      { kind: 'database', config: corpusConfig(IMPORT_FILTER_DB) },
      { name: 'a legacy config may name a URL', kind: 'legacy', config: legacyDb({ sync: 'https://config.example.com/sync.js' }) },
    ],
    invalid: [
      { kind: 'database', config: { bucket: 'b', sync: 'https://config.example.com/sync.js' }, errors: [{ pointer: '/sync', message: 'rejects it', severity: 'error' }] },
    ],
  },
  'functions/remote-tls-skip-verify': {
    valid: [{ kind: 'legacy', config: legacyDb({ unsupported: { remote_config_tls_skip_verify: false } }) }],
    invalid: [
      { kind: 'legacy', config: legacyDb({ unsupported: { remote_config_tls_skip_verify: true } }), errors: [{ pointer: '/databases/db/unsupported/remote_config_tls_skip_verify', message: 'testing only' }] },
      { kind: 'database', config: { bucket: 'b', unsupported: { remote_config_tls_skip_verify: true } }, errors: [{ pointer: '/unsupported/remote_config_tls_skip_verify' }] },
    ],
  },
  'functions/arity': {
    valid: [
      { name: 'three-argument sync', kind: 'legacy', config: corpusConfig(THREE_ARGS) },
      { name: 'webhook filter', kind: 'legacy', config: corpusConfig(EVENTS) },
      { name: 'conflict resolver', kind: 'legacy', config: corpusConfig(REPLICATIONS) },
      { name: 'db_state_changed filter', kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: 'function(state) { return state.state == "offline"; }' }, 'db_state_changed') },
    ],
    invalid: [
      { kind: 'legacy', config: legacyDb({ sync: 'function(doc, oldDoc, meta, user) { channel(user); }' }), errors: [{ pointer: '/databases/db/sync', message: '`user` is always undefined' }] },
      { kind: 'legacy', config: legacyDb({ import_filter: 'function(doc, oldDoc) { return !oldDoc; }' }), errors: [{ pointer: '/databases/db/import_filter', message: 'passes 1 argument (doc)' }] },
      {
        kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: 'function(doc, oldDoc) { return true; }' }, 'db_state_changed'),
        errors: [{ pointer: '/databases/db/event_handlers/db_state_changed/0/filter', message: '(stateDoc)' }],
      },
      { kind: 'legacy', config: withResolver('function(local, remote) { return local; }'), errors: [{ pointer: RESOLVER_POINTER, message: '`remote` is always undefined' }] },
    ],
  },
  'functions/misspelled-helper': {
    valid: [
      { name: 'role demo', kind: 'legacy', config: corpusConfig(ROLES_DEMO) },
      { name: 'chat (requireAccess)', kind: 'legacy', config: corpusConfig(CHAT) },
      { name: 'a local function with a near name', kind: 'legacy', config: legacyDb({ sync: 'function(doc) { function chanel(c) { channel(c); } chanel(doc.c); }' }) },
    ],
    invalid: [
      { kind: 'legacy', config: legacyDb({ sync: 'function(doc) { chanel(doc.channels); }' }), errors: [{ pointer: '/databases/db/sync', message: 'did you mean `channel`?' }] },
      {
        kind: 'legacy', config: legacyDb({ sync: 'function(doc, oldDoc) {\n  requireAcess(doc.channels);\n  RequireAdmin();\n}' }),
        errors: [{ pointer: '/databases/db/sync', message: 'did you mean `requireAccess`?' }, { pointer: '/databases/db/sync', message: 'did you mean `requireAdmin`?' }],
      },
      { kind: 'legacy', config: withResolver('function(conflict) { return defaultPolicyy(conflict); }'), errors: [{ pointer: RESOLVER_POINTER, message: 'did you mean `defaultPolicy`?' }] },
    ],
  },
  'functions/helper-not-available': {
    valid: [
      { name: 'travel sample import filter and sync', kind: 'legacy', config: corpusConfig(TRAVEL) },
      { name: 'resolver with defaultPolicy', kind: 'legacy', config: withResolver('function(conflict) { return defaultPolicy(conflict); }') },
      { name: 'own function named like a helper', kind: 'legacy', config: legacyDb({ import_filter: 'function(doc) { function channel(c) { return !!c; } return channel(doc.c); }' }) },
    ],
    invalid: [
      { kind: 'legacy', config: legacyDb({ import_filter: 'function(doc) { channel(doc.channels); return true; }' }), errors: [{ pointer: '/databases/db/import_filter', message: 'not imported' }] },
      { kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: 'function(doc) { requireAdmin(); return true; }' }), errors: [{ pointer: `${HANDLER_POINTER}/filter`, message: 'not posted' }] },
      { kind: 'legacy', config: legacyDb({ sync: 'function(doc) { defaultPolicy(doc); }' }), errors: [{ pointer: '/databases/db/sync', message: 'exists only in the conflict resolver' }] },
    ],
  },
  'functions/throw-shape': {
    valid: [
      { name: 'role demo', kind: 'legacy', config: corpusConfig(ROLES_DEMO) },
      { name: 'ToDoLite', kind: 'legacy', config: corpusConfig(TODOLITE) },
      { name: 'forbidden, unauthorized, rethrow', kind: 'legacy', config: legacyDb({ sync: 'function(doc) { if (!doc.a) throw({forbidden: "no a"}); if (!doc.b) throw {"unauthorized": "login"}; try { f(); } catch (e) { throw e; } }' }) },
    ],
    invalid: [
      {
        kind: 'legacy', config: legacyDb({ sync: 'function(doc) {\n  if (!doc.owner) throw new Error("owner required");\n  if (!doc.type) throw "type required";\n  if (!doc.c) throw {message: "c"};\n}' }),
        errors: [
          { pointer: '/databases/db/sync', message: 'throws an Error object' },
          { pointer: '/databases/db/sync', message: 'throws a string' },
          { pointer: '/databases/db/sync', message: 'without a `forbidden` or `unauthorized`' },
        ],
      },
    ],
  },
  'functions/filter-return': {
    valid: [
      { name: 'travel sample import filter', kind: 'legacy', config: legacyDb({ import_filter: TRAVEL_IMPORT_FILTER }) },
      { name: 'events webhook filter', kind: 'legacy', config: corpusConfig(EVENTS) },
      { name: 'import filter example', kind: 'database', config: corpusConfig(IMPORT_FILTER_DB) },
      { name: 'boolean strings and expressions', kind: 'legacy', config: legacyDb({ import_filter: 'function(doc) { if (doc.a) { return "true"; } else { return doc.type == "x" ? "1" : false; } }' }) },
      { name: 'switch with a default', kind: 'legacy', config: legacyDb({ import_filter: 'function(doc) { switch (doc.type) { case "a": return true; default: return false; } }' }) },
    ],
    invalid: [
      {
        name: 'falls off the end (persistent-config demo)', kind: 'legacy',
        config: legacyDb({ import_filter: 'function(doc){\n    if (doc.mobile) {\n        return doc.mobile;\n    }\n}' }),
        errors: [{ pointer: '/databases/db/import_filter', message: 'without a return' }],
      },
      {
        kind: 'legacy', config: withHandler({ handler: 'webhook', url: 'https://h/x', filter: 'function(doc) { if (doc.a) return "yes"; if (doc.b) return 1; if (doc.c) return; return false; }' }),
        errors: [
          { pointer: `${HANDLER_POINTER}/filter`, message: 'returns "yes"' },
          { pointer: `${HANDLER_POINTER}/filter`, message: 'returns 1' },
          { pointer: `${HANDLER_POINTER}/filter`, message: '`return;`' },
        ],
      },
      { name: 'empty filter', kind: 'database', config: { bucket: 'b', import_filter: 'function(doc) {}' }, errors: [{ pointer: '/import_filter', message: 'not imported' }] },
      { name: 'arrow function with an expression body', kind: 'database', config: { bucket: 'b', import_filter: '(doc) => "yes"' }, errors: [{ pointer: '/import_filter', message: 'returns "yes", which is not a boolean' }] },
    ],
  },
  'functions/resolver-return': {
    valid: [
      { name: 'replications example', kind: 'legacy', config: corpusConfig(REPLICATIONS) },
      { name: 'merge or default', kind: 'legacy', config: withResolver('function(conflict) {\n  if (conflict.LocalDocument.type == "note") {\n    var merged = conflict.LocalDocument;\n    merged.tags = conflict.RemoteDocument.tags;\n    return merged;\n  } else {\n    return defaultPolicy(conflict);\n  }\n}') },
      { name: 'deletion', kind: 'legacy', config: withResolver('function(conflict) { return null; }') },
    ],
    invalid: [
      { kind: 'legacy', config: withResolver('function(conflict) {\n  if (conflict.LocalDocument._deleted) {\n    return conflict.RemoteDocument;\n  }\n}'), errors: [{ pointer: RESOLVER_POINTER, message: 'without a return' }] },
      {
        kind: 'legacy', config: withResolver('function(conflict) { if (conflict.a) return; return "local"; }'),
        errors: [{ pointer: RESOLVER_POINTER, message: '`return;`' }, { pointer: RESOLVER_POINTER, message: 'returns "local"' }],
      },
    ],
  },
};
