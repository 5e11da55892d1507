// Where otto (the gateway's engine) differs from V8, the sandbox runs as otto runs: a table of
// functions whose result in V8 would differ. Each row names its source; docs/testing.md lists them.
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../../src/sync/pool.js';
import { runRequests } from '../../src/sync/run.js';
import type { CallPath, SyncRequest } from '../../src/sync/gateway.js';
import type { FunctionChoice } from '../../src/sync/select.js';

const pool = new SandboxPool(1);
afterAll(() => pool.close());

async function outcome(fn: string, request: SyncRequest = { doc: {} }, path: CallPath = 'write') {
  const choice: FunctionChoice = { collection: null, role: 'sync', source: fn, isDefault: false };
  const ran = await runRequests(pool, choice, '4.1', path, [request]);
  if (!ran.ok) throw new Error(ran.message);
  const o = ran.outcomes[0]!;
  if (o.kind !== 'sync') throw new Error(o.kind);
  return o.answer;
}

const rows: [string, string, string][] = [
  // [what, function body writing a channel, the channel otto gives (V8 would give another)]
  ['ES2015 methods do not exist (otto inline.go)', 'channel([typeof "".includes, typeof [].find, typeof Object.assign, typeof "".startsWith, typeof Array.from].join("-"));', 'undefined-undefined-undefined-undefined-undefined'],
  ['ES2015 globals do not exist', 'channel([typeof Symbol, typeof Map, typeof Set, typeof Promise, typeof globalThis, typeof JSON].join("-"));', 'undefined-undefined-undefined-undefined-undefined-object'],
  ['ES5 methods do', 'channel([typeof "".trim, typeof [].forEach, typeof Object.keys, typeof Date.now, typeof "".trimLeft].join("-"));', 'function-function-function-function-function'],
  ['underscore.js 1.4.4 is loaded (otto/underscore)', 'channel(_.VERSION + "-" + _.first([3, 1]));', '1.4.4-3'],
  ['"use strict" parses and does nothing (otto README)', '(function () { "use strict"; undeclared = 1; })(); channel("sloppy-" + undeclared);', 'sloppy-1'],
  ['only the directive is neutralised: the same words as data stay', "'use strict'; var words = 'use strict'; channel(words + '|' + \"use strict\".length);", 'use strict|10'],
];

describe('otto, not V8', () => {
  it.each(rows)('%s', async (_what, body, channel) => {
    const answer = await outcome(`function (doc) { ${body} }`);
    expect(answer.exception).toBeUndefined();
    expect(answer.channels).toEqual([channel]);
  });

  it('console.log takes exactly one argument, as a Go func(string) (otto runtime.go toValue)', async () => {
    expect((await outcome('function (doc) { console.log("a", "b"); }')).exception).toBe('Error returned from Sync Function: RangeError: expected 1 argument(s); got 2');
    expect((await outcome('function (doc) { console.log({a: 1}); console.error(5); }')).logging).toEqual({ info: ['[object Object]'], errors: ['5'] });
  });

  it('new RegExp with a lookahead throws otto\'s TypeError (type_regexp.go)', async () => {
    expect((await outcome('function (doc) { new RegExp("a(?=b)"); }')).exception).toBe('Error returned from Sync Function: TypeError: Invalid regular expression: re2: Invalid (?=) <lookahead>');
  });

  it('a thrown value that is not an Error is its string (error.go catchPanic)', async () => {
    expect((await outcome('function (doc) { throw "no way"; }')).exception).toBe('Error returned from Sync Function: no way');
    expect((await outcome('function (doc) { throw {message: "x"}; }')).exception).toBe('Error returned from Sync Function: [object Object]');
    expect((await outcome('function (doc) { throw new Error("boom"); }')).exception).toBe('Error returned from Sync Function: Error: boom');
  });

  it.each([
    // otto's own tests (error_test.go@b87d35c TestErrorContext) and its rule (cmpl_evaluate_expression.go): the reference's name.
    ['a property', 'function (doc) { ({}).abc(); }', "TypeError: 'abc' is not a function"],
    ['a variable', 'function (doc) { var ghi = "ghi";\n ghi(); }', "TypeError: 'ghi' is not a function"],
    ['a literal key', 'function (doc) { doc["go"](1); }', "TypeError: 'go' is not a function"],
    ['new of a property', 'function (doc) { return new doc.Thing(); }', "TypeError: 'Thing' is not a function"],
  ])('calling a non-function names the callee as otto does: %s', async (_what, fn, text) => {
    expect((await outcome(fn)).exception).toBe(`Error returned from Sync Function: ${text}`);
  });

  it('a real write converts numbers; integers beyond 2^53 stay json.Number, a string in otto (ConvertJSONNumbers)', async () => {
    const fn = 'function (doc) { channel(typeof doc.small + "-" + typeof doc.big + "-" + typeof doc.f); }';
    expect((await outcome(fn, { doc: { small: 5, big: 2 ** 60, f: 1.5 } })).channels).toEqual(['number-string-number']);
  });

  it('the dry-run endpoint hands every number of doc over as a string, and oldDoc\'s as numbers (SyncFnDryRun skips ConvertJSONNumbers)', async () => {
    const fn = 'function (doc, oldDoc) { channel(typeof doc.n + "-" + typeof oldDoc.n + "-" + (doc.n + 1)); }';
    expect((await outcome(fn, { doc: { n: 5 }, oldDoc: { n: 5 } }, 'endpoint')).channels).toEqual(['string-number-51']);
  });

  it('the function sees _id and the new _rev, never _attachments or _revisions (prepareSyncFn, CreateRevIDWithBytes)', async () => {
    const answer = await outcome('function (doc) { channel(doc._id + "|" + doc._rev.split("-")[0] + "|" + typeof doc._attachments + "|" + typeof doc._revisions); }', { doc: { _id: 'order-1', _rev: '3-abc', _attachments: {}, _revisions: {}, a: 1 } });
    expect(answer.channels).toEqual(['order-1|4|undefined|undefined']);
  });

  it('a user\'s channels include "!" on a real write (auth.go AddChannel(DocumentPublicChannel))', async () => {
    expect((await outcome('function (doc) { requireAccess("!"); channel("ok"); }', { doc: {}, user: { name: 'ann', roles: [], channels: [] } })).channels).toEqual(['ok']);
  });
});

describe('how the gateway calls an import filter', () => {
  it('with the function itself as this (sg-bucket js_runner.go: runner.fn.Call(runner.fn, ...))', async () => {
    const choice: FunctionChoice = { collection: null, role: 'import_filter', source: 'function (doc) { return typeof this === "function" && this.length === 1; }', isDefault: false };
    const ran = await runRequests(pool, choice, '4.1', 'write', [{ doc: {} }]);
    expect(ran.ok && ran.outcomes[0]).toMatchObject({ kind: 'import', answer: { shouldImport: true } });
  });

  it.each([
    ['"T"', true, ''],
    ['"0"', false, ''],
    ['"constructor" (an Object.prototype name, not a boolean)', false, 'strconv.ParseBool: parsing "constructor": invalid syntax'],
    ['1 (a number)', false, 'Import filter function returned non-boolean value.'],
  ])('a returned %s is read as strconv.ParseBool reads it (db/import.go parseImportFilterOutput)', async (label, shouldImport, exception) => {
    const value = label.split(' ')[0];
    const choice: FunctionChoice = { collection: null, role: 'import_filter', source: `function (doc) { return ${value}; }`, isDefault: false };
    const ran = await runRequests(pool, choice, '4.1', 'write', [{ doc: {} }]);
    expect(ran.ok && ran.outcomes[0]).toMatchObject({ kind: 'import', answer: { shouldImport, exception } });
  });
});
