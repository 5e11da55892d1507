// A sync function from a stranger's pull request must not reach the machine that tests it, must not
// hang or exhaust it, and must not change what the next case sees. Each attempt runs in the real sandbox.
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../../src/sync/pool.js';
import { runRequests, type RunOutcome } from '../../src/sync/run.js';
import type { SyncAnswer, SyncRequest } from '../../src/sync/gateway.js';
import type { FunctionChoice } from '../../src/sync/select.js';

const pool = new SandboxPool(1, { timeMs: 1000, memoryBytes: 256 * 1024 * 1024 });
afterAll(() => pool.close());

async function run(fn: string, requests: SyncRequest[]): Promise<SyncAnswer[]> {
  const choice: FunctionChoice = { collection: null, role: 'sync', source: fn, isDefault: false };
  const ran = await runRequests(pool, choice, '4.1', 'write', requests);
  if (!ran.ok) throw new Error(ran.message);
  return ran.outcomes.map((o: RunOutcome) => {
    if (o.kind !== 'sync') throw new Error(o.kind);
    return o.answer;
  });
}

// Each probe puts what it could reach into a channel name; "none" means it reached nothing.
const probes: [string, string][] = [
  ['process', 'typeof process'],
  ['require', 'typeof require'],
  ['module and exports', 'typeof module + "/" + typeof exports'],
  ['globalThis', 'typeof globalThis'],
  ['a constructor chain to Function', '(function(){ try { return typeof channel.constructor("return typeof process")(); } catch (e) { return "threw " + e.name; } })()'],
  ['Function built from a string', '(function(){ try { return Function("return typeof process")(); } catch (e) { return "threw " + e.name; } })()'],
  ['eval of host names', '(function(){ try { return eval("typeof setTimeout + typeof fetch + typeof Buffer"); } catch (e) { return "threw " + e.name; } })()'],
  ['import()', '(function(){ try { return typeof eval("import(\\"fs\\")"); } catch (e) { return "threw " + e.name; } })()'],
  ['timers', 'typeof setTimeout + typeof setInterval + typeof setImmediate + typeof queueMicrotask'],
  ['host objects through the natives\' prototypes', '(function(){ var p = Object.getPrototypeOf(channel); return String(p === Function.prototype) + typeof p.constructor("return typeof process")(); })()'],
  ['Promise and Proxy (otto has neither)', 'typeof Promise + typeof Proxy + typeof Reflect + typeof WebAssembly'],
];

describe('the sandbox reaches nothing of the host', () => {
  it.each(probes)('%s', async (_name, probe) => {
    const [answer] = await run(`function(doc) { channel("r-" + (${probe})); }`, [{ doc: {} }]);
    const reached = answer!.channels?.[0] ?? answer!.exception;
    expect(reached).not.toMatch(/object|function/);
  });
});

describe('a case that never ends, recurses without end or eats memory ends with an exception, and the run goes on', () => {
  const fn = `function(doc) {
    if (doc.kind === 'loop') while (true) {}
    if (doc.kind === 'recursion') (function f() { f(); })();
    if (doc.kind === 'memory') { var a = []; while (true) a.push({x: a.length, y: [a.length]}); }
    if (doc.kind === 'native') { var b = []; while (true) b.push(new Array(100000).join('x')); }
    if (doc.kind === 'json') { var o = {}, p = o; for (var i = 0; i < 100000; i++) { p.x = {}; p = p.x; } JSON.stringify(o); }
    channel('ok-' + doc.kind);
  }`;
  it.each([
    ['an endless loop', 'loop', 'javascript function timed out'],
    ['endless recursion', 'recursion', 'RangeError: Maximum call stack size exceeded'],
    ['a huge allocation', 'memory', /out of memory|timed out/],
    ['a loop around a slow native call (the worker is terminated)', 'native', 'javascript function timed out'],
    ['JSON.stringify of a document 100,000 levels deep (never a crash of the host)', 'json', /Maximum call stack size exceeded|timed out|ok-json/],
  ] as const)('%s', async (_name, kind, expected) => {
    const answers = await run(fn, [{ doc: { kind: 'before' } }, { doc: { kind } }, { doc: { kind: 'after' } }]);
    expect(answers[0]!.channels).toEqual(['ok-before']);
    const middle = answers[1]!.exception ?? answers[1]!.channels?.[0] ?? '';
    if (typeof expected === 'string') expect(middle).toContain(expected);
    else expect(middle).toMatch(expected);
    expect(answers[2]!.channels).toEqual(['ok-after']);
  });
});

describe('each case has its own time limit, also when cases run together', () => {
  it('cases that each stay under the limit pass, though together they take longer than it', async () => {
    // 1,000 ms of CPU per case (this file's pool); each case busy for about 400 ms, five of them twice the limit.
    const fn = 'function(doc) { var end = Date.now() + 400; while (Date.now() < end) {} channel("done-" + doc.n); }';
    const answers = await run(fn, [1, 2, 3, 4, 5].map((n) => ({ doc: { n } })));
    expect(answers.map((a) => a.exception ?? a.channels?.[0])).toEqual(['done-1', 'done-2', 'done-3', 'done-4', 'done-5']);
  });
});

describe('what the natives record cannot be changed by the function', () => {
  it.each([
    ['setters on the prototypes of arrays and objects', 'Object.defineProperty(Array.prototype, "1", { set: function () {} }); Object.defineProperty(Object.prototype, "2", { set: function () {} });'],
    ['a replaced JSON.stringify and Array.isArray', 'JSON.stringify = function () { return "[]"; }; Array.isArray = function () { return false; };'],
    ['toJSON on the prototypes', 'Object.prototype.toJSON = function () { return "x"; }; String.prototype.toJSON = function () { return "x"; };'],
  ])('%s', async (_name, body) => {
    const [answer] = await run(`function(doc) { ${body} channel(["kept"]); access("ann", "kept"); }`, [{ doc: {} }]);
    expect(answer!.channels).toEqual(['kept']);
    expect(answer!.access).toEqual({ ann: ['kept'] });
  });
});

describe('one case cannot change the next case\'s world', () => {
  const attempts: [string, string][] = [
    ['an implicit global', 'if (typeof counter === "undefined") counter = 0; counter++; channel("seen-" + counter);'],
    ['a property on the global object through this', 'this.flag = (this.flag || 0) + 1; channel("seen-" + this.flag);'],
    ['a built-in prototype', 'Array.prototype.marker = (Array.prototype.marker || 0) + 1; channel("seen-" + [].marker);'],
    ['underscore', '_.seen = (_.seen || 0) + 1; channel("seen-" + _.seen);'],
    ['a replaced native', 'var was = typeof channel.hijacked; channel("seen-" + (was === "undefined" ? 1 : 2)); channel.hijacked = true;'],
    ['a frozen prototype', 'var frozen = Object.isFrozen(Object.prototype); Object.freeze(Object.prototype); channel("seen-" + (frozen ? 2 : 1));'],
    ['state kept on the function itself', 'var self = arguments.callee; self.count = (self.count || 0) + 1; channel("seen-" + self.count);'],
    ['a mutator named by a literal key', 'var was = ({}).seen; Object["defineProperty"](Object.prototype, "seen", { value: 1, writable: true }); channel("seen-" + (was === undefined ? 1 : 2));'],
    ['a mutator read into a variable', 'var define = Object.defineProperty, was = ({}).seen2; define(Object.prototype, "seen2", { value: 1 }); channel("seen-" + (was === undefined ? 1 : 2));'],
    ['a method named at run time', 'var name = "free" + "ze", was = Object.isFrozen(Array.prototype); Object[name](Array.prototype); channel("seen-" + (was ? 2 : 1));'],
    ['a receiver mutator borrowed for a shared array', 'var list = _.templateSettings.seen || (_.templateSettings.seen = []); var was = list.length; Array.prototype.push.call(list, 1); channel("seen-" + (was + 1));'],
    ['an object literal holding Object.prototype', 'var holder = { p: Object.prototype }; holder.p.leak = (holder.p.leak || 0) + 1; channel("seen-" + ({}).leak);'],
    ['an alias of [].push', 'var push = [].push, list = _.templateSettings.list || (_.templateSettings.list = []); push.call(list, 1); channel("seen-" + list.length);'],
    ['the constructor chain', 'var proto = ({}).constructor.prototype; proto.chained = (proto.chained || 0) + 1; channel("seen-" + ({}).chained);'],
    ['_.bindAll', 'var was = _.identity.marked; _.bindAll(_, "identity"); _.identity.marked = true; channel("seen-" + (was ? 2 : 1));'],
    ['_.uniqueId', 'channel("seen-" + _.uniqueId());'],
    ['arguments.callee in a holder', 'var holder = { f: arguments.callee }; holder.f.count = (holder.f.count || 0) + 1; channel("seen-" + holder.f.count);'],
  ];
  it.each(attempts)('%s', async (_name, body) => {
    const answers = await run(`function(doc) { ${body} }`, [{ doc: {} }, { doc: {} }, { doc: {} }]);
    for (const answer of answers) expect(answer.channels).toEqual(['seen-1']);
  });

  it('a replaced Array.prototype.indexOf does not make the next case\'s requireUser accept the wrong user', async () => {
    const fn = 'function(doc) { if (doc.evil) { Array.prototype.indexOf = function () { return 0; }; } requireUser(doc.owner); channel("ok"); }';
    const answers = await run(fn, [{ doc: { evil: true, owner: 'ann' }, user: { name: 'ann', roles: [], channels: [] } }, { doc: { owner: 'ann' }, user: { name: 'bob', roles: [], channels: [] } }]);
    expect(answers[0]!.channels).toEqual(['ok']);
    expect(answers[1]!.exception).toBe('403 sg wrong user');
  });

  it('a case gives one answer whatever ran before it: its key order is its own, the engine\'s state the same', async () => {
    // Twenty different workloads (allocations, grown memory, changed prototypes, underscore's state), then a
    // probe whose answer shows the order of a document's keys, underscore's counter and the prototypes.
    const fn = `function(doc) {
      if (doc.work !== undefined) {
        var junk = []; for (var i = 0; i < doc.work * 500; i++) junk.push({ i: i, s: "x" + i });
        Object.prototype["p" + doc.work] = doc.work; _.uniqueId(); Math.random();
      }
      var seen = []; for (var k in {}) seen.push(k);
      channel(Object.keys(doc.m).join("") + "|" + _.uniqueId() + "|" + seen.join(""));
    }`;
    const probe = { doc: { m: Object.fromEntries('abcdefghijklmnop'.split('').map((k) => [k, 1])) } };
    const alone = await run(fn, [probe]);
    const after = await run(fn, [...Array.from({ length: 20 }, (_, n) => ({ doc: { work: n, m: { a: 1 } } })), probe]);
    expect(after[20]!.channels).toEqual(alone[0]!.channels);
    expect(alone[0]!.channels![0]).toMatch(/^[a-p]{16}\|1\|$/);
  });
});
