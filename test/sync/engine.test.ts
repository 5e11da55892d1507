// The gateway's engine itself answers: otto's regular expressions, the Go values a document reaches the
// function as, Go's standard library behind the built-ins, otto's strings and errors. Each row failed with
// the emulation sgconf had before (QuickJS with trimmed built-ins), which answered as V8 does; V8's answer
// is the last column, so that every row is seen to differ from it.
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../../src/sync/pool.js';
import { DEFAULT_LIMITS } from '../../src/sync/engine.js';
import { runRequests, type RunOutcome } from '../../src/sync/run.js';
import type { CallPath } from '../../src/sync/gateway.js';
import type { FunctionChoice } from '../../src/sync/select.js';
import type { JsonObject } from '../../src/types.js';
import type { Release } from '../../src/releases/index.js';

// Recursion 10,000 calls deep takes the engine up to 2 s of CPU the first time (Go's stack grows into new
// memory): more than the default limit, which no row here is about.
const pool = new SandboxPool(1, { ...DEFAULT_LIMITS, timeMs: 5000 });
afterAll(() => pool.close());

async function run(source: string, doc: JsonObject = {}, path: CallPath = 'write', release: Release = '4.1', keyOrders = 1): Promise<RunOutcome> {
  const choice: FunctionChoice = { collection: null, role: 'sync', source, isDefault: false };
  const ran = await runRequests(pool, choice, release, path, [{ doc }], undefined, undefined, { keyOrders });
  if (!ran.ok) throw new Error(ran.message);
  return ran.outcomes[0]!;
}

/** What `expression` is in the function, as console.log records it (or what it threw). */
async function valueOf(expression: string, doc: JsonObject = {}, path: CallPath = 'write'): Promise<string> {
  const outcome = await run(`function (doc) { var r; try { r = String(${expression}); } catch (e) { r = "threw " + e; } console.log(r); }`, doc, path);
  if (outcome.kind !== 'sync') throw new Error(outcome.kind);
  return outcome.answer.logging.info[0] ?? `(nothing logged: ${outcome.answer.exception})`;
}

const rows: [string, string, JsonObject | undefined, CallPath | undefined, string, string][] = [
  // [what, expression, doc, path, otto's answer, V8's answer]
  ['a g flag replaces every match', '"a b c".replace(/ /g, "_")', undefined, undefined, 'a_b_c', 'a_b_c'],
  ['a regular expression has its source and flags in ES5', '[/re/g.source, /re/g.global, typeof /re/g.flags].join()', undefined, undefined, 're,true,undefined', 're,true,string'],
  ['a regular expression concatenates as its text', '"x" + /re/g', undefined, undefined, 'x/re/g', 'x/re/g'],
  ['split by a regular expression', '"a,b".split(/,/).join("|")', undefined, undefined, 'a|b', 'a|b'],
  ['underscore 1.4.4: _.escape', '_.escape("<a&b>")', undefined, undefined, '&lt;a&amp;b&gt;', '&lt;a&amp;b&gt;'],
  ['underscore 1.4.4: _.template', '_.template("hi <%= name %>", {name: "x"})', undefined, undefined, 'hi x', 'hi x'],
  ['null in a document is undefined (a nil in a Go map)', 'doc.owner === null', { owner: null }, undefined, 'false', 'true'],
  ['a document array is a Go slice', 'Object.prototype.toString.call(doc.arr)', { arr: [1, 2] }, undefined, '[object GoArray]', '[object Array]'],
  ['a Go slice cannot grow', 'doc.arr.push(3)', { arr: [1, 2] }, undefined, 'threw TypeError', '3'],
  ['a Go slice is no array to _.isEqual', '_.isEqual(doc.arr, [1, 2])', { arr: [1, 2] }, undefined, 'false', 'true'],
  ['each read of a nested Go map is a new object', 'doc.obj === doc.obj', { obj: { a: 1 } }, undefined, 'false', 'true'],
  ['on the dry-run endpoint a number is its JSON text', 'typeof doc.n + " " + doc.n', { n: 100 }, 'endpoint', 'string 100', 'number 100'],
  ['JSON.stringify sorts keys and escapes <, > and & (encoding/json)', 'JSON.stringify({b: 1, a: "<&>"})', undefined, undefined, '{"a":"\\u003c\\u0026\\u003e","b":1}', '{"b":1,"a":"<&>"}'],
  ['Date prints a Go layout', 'new Date(0).toString()', undefined, undefined, 'Thu, 01 Jan 1970 00:00:00 UTC', 'Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)'],
  ['Date.parse reads no text but ISO 8601 and Go layouts', 'Date.parse("March 7, 2020")', undefined, undefined, 'NaN', '1583539200000'],
  ['toExponential formats as Go does', '(0.000001).toExponential()', undefined, undefined, '1e-06', '1e-6'],
  ['toString(16) drops the fraction', '(255.5).toString(16)', undefined, undefined, 'ff', 'ff.8'],
  ['RE2 folds case by Unicode: the Kelvin sign is k', '/K/i.test("\\u212a")', undefined, undefined, 'true', 'false'],
  ['RE2\'s . matches U+2028', '/./.test("\\u2028")', undefined, undefined, 'true', 'false'],
  ['a character beyond the BMP is one unit in a literal', '"\u{1F600}".length', undefined, undefined, '1', '2'],
  ['no special casing', '"ß".toUpperCase()', undefined, undefined, 'ß', 'SS'],
  ['a caught error has otto\'s text', '(function () { try { null.x; } catch (e) { return e.message; } })()', undefined, undefined, "Cannot access member 'x' of null", "Cannot read properties of null (reading 'x')"],
  ['ES5: Object.keys of a string throws', 'Object.keys("ab")', undefined, undefined, 'threw TypeError', '0,1'],
  ['sort is otto\'s own, not stable', '[5,1,4,2,3,9,8,7,6,10,11,12].map(function (n) { return {k: n % 2, n: n}; }).sort(function (a, b) { return a.k - b.k; }).map(function (o) { return o.n; }).join()', undefined, undefined, '4,2,10,8,6,12,1,7,3,5,11,9', '4,2,8,6,10,12,5,1,3,9,7,11'],
];

describe('the gateway\'s engine answers', () => {
  it.each(rows)('%s', async (_what, expression, doc, path, otto, v8) => {
    expect(await valueOf(expression, doc, path)).toBe(otto);
    // The row is about otto where it differs from V8, or about what the emulation got wrong (the first five).
    let inV8: string;
    try { inV8 = String(new Function('doc', '_', `return ${expression};`)(doc ?? {}, undefined)); } catch (e) { inV8 = `threw ${(e as Error).name}`; }
    if (!expression.includes('_.') && !expression.includes('/')) expect(inV8).toBe(v8);
  });

  it('a json.Number inside a document array is no channel on the endpoint; a lone one is a string', async () => {
    const outcome = await run('function (doc) { channel(doc.list); channel(doc.n); }', { list: ['a', 5], n: 7 }, 'endpoint');
    expect(outcome.kind === 'sync' && outcome.answer.channels).toEqual(['7', 'a']);
  });

  it('[^] in a regular expression literal is refused when otto compiles the function', async () => {
    const choice: FunctionChoice = { collection: null, role: 'sync', source: 'function (doc) { if (/[^]/.test(doc.x)) channel("x"); }', isDefault: false };
    const ran = await runRequests(pool, choice, '4.1', 'write', [{ doc: {} }]);
    expect(ran).toEqual({ ok: false, message: expect.stringContaining('Invalid regular expression: missing closing ]') });
  });

  it('sorting a document array that holds null panics inside otto: that case is a 500, the next runs', async () => {
    const choice: FunctionChoice = { collection: null, role: 'sync', source: 'function (doc) { doc.list.sort(); channel("sorted"); }', isDefault: false };
    const ran = await runRequests(pool, choice, '4.1', 'write', [{ doc: { list: [null, 'b'] } }, { doc: { list: ['b', 'a'] } }]);
    if (!ran.ok) throw new Error(ran.message);
    expect(ran.outcomes.map((o) => (o.kind === 'sync' ? o.write.rejected?.status ?? o.answer.channels : o.kind))).toEqual([500, ['sorted']]);
  });
});

describe('Go\'s random map order, made repeatable', () => {
  const firstKey = 'function (doc) { for (var k in doc) { if (k.charAt(0) !== "_") { channel("first-" + k); break; } } }';
  const doc = { a: 1, b: 2, c: 3, d: 4, e: 5 };

  it('a result that depends on the order of the document\'s keys comes with the other results of the orders asked for, the same on every run', async () => {
    const first = await run(firstKey, doc, 'write', '4.1', 8);
    expect(first.kind === 'sync' && first.orderVariants?.length).toBeGreaterThan(0);
    const channels = (o: RunOutcome) => (o.kind === 'sync' ? [o.answer.channels, ...(o.orderVariants ?? []).map((v) => v.kind === 'sync' && v.answer.channels)] : []);
    const again = await run(firstKey, doc, 'write', '4.1', 8);
    expect(channels(again)).toEqual(channels(first));
  });

  it('by default a case runs under one order, its own: one result, the same on every run', async () => {
    const first = await run(firstKey, doc);
    expect(first.kind === 'sync' && first.orderVariants).toBeUndefined();
    for (let i = 0; i < 3; i++) expect(await run(firstKey, doc)).toEqual(first);
  });

  it('a case answers the same whatever ran before it', async () => {
    const choice: FunctionChoice = { collection: null, role: 'sync', source: firstKey, isDefault: false };
    const alone = await runRequests(pool, choice, '4.1', 'write', [{ doc }]);
    const after = await runRequests(pool, choice, '4.1', 'write', [{ doc: { x: 1, y: 2 } }, { doc: { p: 1 } }, { doc }]);
    expect(alone.ok && after.ok && after.outcomes[2]).toEqual(alone.ok && alone.outcomes[0]);
  });

  it('a function that visits every key has one result under every order', async () => {
    const outcome = await run('function (doc) { for (var k in doc) channel("k-" + k); }', doc, 'write', '4.1', 8);
    expect(outcome.kind === 'sync' && outcome.orderVariants).toBeUndefined();
  });
});

describe('each release runs the otto it pins', () => {
  const probe = 'function (doc) { function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); } console.log(typeof Number.isNaN + " " + (function foo() {}).name + " " + depth(Number(doc.n))); }';
  it.each([
    // manifest/default.xml@2.8.3 and @3.0.8 pin a813c59, which has neither Number.isNaN nor Function.name.
    ['2.8', 'undefined undefined 2000'],
    ['3.0', 'undefined undefined 2000'],
    // go.mod@3.1.0 to @4.1.1 pin b87d35c.
    ['3.1', 'function foo 2000'],
    ['4.1', 'function foo 2000'],
  ] as const)('%s', async (release, logged) => {
    const outcome = await run(probe, { n: 2000 }, 'write', release);
    expect(outcome.kind === 'sync' && outcome.answer.logging.info).toEqual([logged]);
  });

  it('3.2 and later stop recursion at 10,000 calls (sg-bucket jsStackDepthLimit); 3.1 sets no limit', async () => {
    const deep = await run(probe, { n: 10500 }, 'write', '3.2');
    expect(deep.kind === 'sync' && deep.answer.exception).toBe('Error returned from Sync Function: RangeError: Maximum call stack size exceeded');
    const unlimited = await run(probe, { n: 10500 }, 'write', '3.1');
    expect(unlimited.kind === 'sync' && unlimited.answer.logging.info).toEqual(['function foo 10500']);
  });
});

