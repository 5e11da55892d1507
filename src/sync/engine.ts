// The sandbox that runs a sync function or an import filter: QuickJS compiled to WebAssembly, never V8.
// A function from a pull request is untrusted code; node:vm is not a security boundary, a WebAssembly
// interpreter with no host objects is. The sandbox has only ES5's built-ins (no Promise, Proxy, Map, typed
// arrays: otto has none of them), the gateway's natives and underscore.js. The natives write what the
// function did to a log inside the sandbox, which the host reads once per call (one crossing each way).
//
// No case sees another case's changes, as with the gateway's dry-run endpoints, which build a new runner
// per request. Creating a context costs ~0.3 ms, more than most cases, so a function that provably cannot
// change anything shared (src/sync/world.ts) keeps one context for all its cases; any other function gets
// a fresh context per case.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { UNDERSCORE_SOURCE } from './underscore.js';
import { ottoErrorText } from './otto-messages.js';
import { OTTO_REGEXP_CHECK_SOURCE } from '../functions/otto-regexp.js';
import { OTTO_BUILTINS } from './otto-builtins.js';
/** Per-case limits (documented in docs/testing.md). The gateway itself has none by default. */
export interface SandboxLimits {
  /** Wall-clock time one case may run, in milliseconds. */
  timeMs: number;
  /** Memory of the sandbox's heap, in bytes. */
  memoryBytes: number;
  /** Native stack the interpreter may use, in bytes (bounds recursion). */
  stackBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { timeMs: 1000, memoryBytes: 64 * 1024 * 1024, stackBytes: 2 * 1024 * 1024 };

/** What the natives received during one call, before the gateway's Go side makes sense of it. */
export interface NativeCalls {
  channels: string[];
  /** access(users, channels) and role(users, roles): each call's users and values, as strings. */
  access: { users: string[]; values: string[] }[];
  roles: { users: string[]; values: string[] }[];
  /** The first reject() whose status is 400 or more. */
  rejection: { status: number; message: string } | null;
  /** Every expiry() call with a value that is not null or undefined, as the Go side sees it. */
  expiry: ExpiryArgument[];
  logInfo: string[];
  logErrors: string[];
  /** What the require* helpers demanded (recorded only when the program was built with a demand recorder). */
  demands: { users: string[]; roles: string[]; channels: string[]; admin: boolean };
  /** Whether a require* helper refused the writer (recorded as demands are). */
  denied: boolean;
}

/** The global the instrumented wrapper calls (syncWrapperSource's demandRecorder). */
export const DEMAND_RECORDER = '__sgconfDemand';

export type ExpiryArgument = { type: 'number'; value: number } | { type: 'string'; value: string } | { type: 'other'; value: string };

export type CallOutcome =
  | { kind: 'returned'; value: ReturnedValue }
  | { kind: 'threw'; message: string }
  | { kind: 'timeout' }
  | { kind: 'out-of-memory' }
  | { kind: 'stack-overflow' };

/** What an import filter returned, as otto's Export gives it to Go. */
export type ReturnedValue = { type: 'boolean'; value: boolean } | { type: 'string'; value: string } | { type: 'other' };

export interface CallResult {
  natives: NativeCalls;
  outcome: CallOutcome;
}

export type CompileResult = { ok: true; sandbox: FunctionSandbox } | { ok: false; message: string };

let modulePromise: Promise<QuickJSWASMModule> | null = null;

/**
 * Loads the WebAssembly engine once per thread. `compiled` is the engine's WebAssembly module compiled
 * elsewhere (the pool compiles it once and hands it to every worker, so V8 compiles and optimises it once).
 */
export function loadEngine(compiled?: WebAssembly.Module): Promise<QuickJSWASMModule> {
  modulePromise ??= (async () => {
    const [{ newQuickJSWASMModuleFromVariant, newVariant }, variant] = await Promise.all([
      import('quickjs-emscripten-core'),
      import('@jitl/quickjs-wasmfile-release-sync'),
    ]);
    const base = variant.default as unknown as Parameters<typeof newQuickJSWASMModuleFromVariant>[0];
    return newQuickJSWASMModuleFromVariant(compiled ? newVariant(base as Parameters<typeof newVariant>[0], { wasmModule: compiled }) as typeof base : base);
  })();
  return modulePromise;
}

/** The engine's WebAssembly module, compiled (for workers to share: see loadEngine). */
export async function compileEngineModule(): Promise<WebAssembly.Module> {
  const { createRequire } = await import('node:module');
  const { readFile } = await import('node:fs/promises');
  const wasm = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
  return WebAssembly.compile(await readFile(wasm));
}

// ES5's built-ins and nothing newer: what otto offers (its README: "Otto targets ES5").
const INTRINSICS = { BaseObjects: true, Date: true, Eval: true, RegExp: true, JSON: true } as const;

// Trusted code, run before underscore and the user's function. It captures every built-in it uses, so a
// function that replaces Array.isArray or String cannot change what the natives record. It returns the
// object the host keeps: call() (one crossing per case) and takeLog().
const PRELUDE = String.raw`(function (global, builtins, ottoRefusal) {
  var isArray = Array.isArray, toStr = String, toNum = Number, parse = JSON.parse, floor = Math.floor;
  // Captured before the pruning below removes Reflect (otto has none): user code cannot replace it.
  var apply = Reflect.apply;
  var getNames = Object.getOwnPropertyNames, define = Object.defineProperty;
  var RangeErrorCtor = RangeError, TypeErrorCtor = TypeError, RegExpCtor = RegExp, ErrorCtor = Error;
  var stringify = JSON.stringify;

  // What the natives did in this call, as triples in an array the host reads as JSON: one crossing per
  // call. The array has no prototype, so no setter user code puts on a prototype sees its items; its
  // items are only strings, numbers and null, which no user code can hook in stringify.
  var log = [], logLength = 0;
  Object.setPrototypeOf(log, null);
  function emit(kind, a, b) {
    log[logLength++] = kind;
    log[logLength++] = a === undefined ? null : a;
    log[logLength++] = b === undefined ? null : b;
  }

  // Only what otto has: every other string-named property of the built-ins goes (otto-builtins.ts).
  var keep = { length: 1, name: 1, prototype: 1, constructor: 1 };
  for (var objectName in builtins) {
    var target = objectName === 'global' ? global
      : objectName.slice(-9) === 'Prototype' ? (global[objectName.slice(0, -9)] || {}).prototype : global[objectName];
    if (!target) continue;
    var allowed = {}, list = builtins[objectName];
    for (var a = 0; a < list.length; a++) allowed[list[a]] = 1;
    var own = getNames(target);
    for (var o = 0; o < own.length; o++) {
      if (allowed[own[o]] === 1 || (objectName !== 'global' && keep[own[o]] === 1)) continue;
      try { delete target[own[o]]; } catch (e) { /* a property QuickJS will not give up stays */ }
    }
  }

  // base.ValueToStringArray over otto's Export (base/util.go@4.1.1): a string, or the strings of an array.
  function strings(value) {
    if (typeof value === 'string') return [value];
    var out = [];
    if (isArray(value)) {
      for (var i = 0; i < value.length; i++) if (typeof value[i] === 'string') out[out.length] = value[i];
    }
    return out;
  }
  function grant(which, users, values) {
    var v = strings(values);
    if (v.length === 0) return;
    var u = strings(users);
    emit(which, u.length, v.length);
    for (var i = 0; i < u.length; i++) emit(which + 'u', u[i]);
    for (var j = 0; j < v.length; j++) emit(which + 'v', v[j]);
  }
  // A Go func(string) called from otto: exactly one argument, converted with ToString (otto runtime.go toValue, reflect.Func).
  function goStringFunction(which) {
    return function () {
      if (arguments.length !== 1) throw new RangeErrorCtor('expected 1 argument(s); got ' + arguments.length);
      emit(which, toStr(arguments[0]));
    };
  }
  global.channel = function () {
    for (var i = 0; i < arguments.length; i++) {
      var s = strings(arguments[i]);
      for (var j = 0; j < s.length; j++) emit('channel', s[j]);
    }
  };
  global.access = function (users, channels) { grant('access', users, channels); };
  global.role = function (users, roles) { grant('role', users, roles); };
  global.reject = function (status, message) {
    var code = toNum(status);
    code = code !== code ? 0 : (code < 0 ? -floor(-code) : floor(code));
    emit('reject', code, arguments.length > 1 ? toStr(message) : '');
  };
  global.expiry = function (value) {
    if (arguments.length === 0 || value === null || value === undefined) return;
    if (typeof value === 'number') emit('expiry-number', value);
    else if (typeof value === 'string') emit('expiry-string', value);
    else emit('expiry-other', typeof value);
  };
  global.log = function () {};
  global.${DEMAND_RECORDER} = function (kind, value) {
    if (kind === 'admin' || kind === 'denied') { emit('demand-' + kind); return; }
    var list = isArray(value) ? value : [value];
    for (var i = 0; i < list.length; i++) emit('demand-' + kind, toStr(list[i]));
  };
  global.console = { log: goStringFunction('log'), error: goStringFunction('error') };
  // otto translates patterns to Go's RE2 and refuses what RE2 cannot do (parser/regexp.go TransformRegExp);
  // ottoRefusal is OTTO_REGEXP_CHECK_SOURCE (otto-regexp.ts).
  function OttoRegExp(pattern, flags) {
    if (!(pattern instanceof RegExpCtor)) {
      var refusal = ottoRefusal(pattern === undefined ? '' : toStr(pattern));
      if (refusal) throw new TypeErrorCtor('Invalid regular expression: ' + refusal);
    }
    return flags === undefined ? new RegExpCtor(pattern) : new RegExpCtor(pattern, flags);
  }
  OttoRegExp.prototype = RegExpCtor.prototype;
  define(RegExpCtor.prototype, 'constructor', { value: OttoRegExp, writable: true, enumerable: false, configurable: true });
  global.RegExp = OttoRegExp;

  function describe(error) {
    if (error instanceof ErrorCtor) return '{"kind":"error","name":' + stringify(toStr(error.name)) + ',"message":' + stringify(toStr(error.message)) + ',"stack":' + stringify(toStr(error.stack)) + '}';
    return '{"kind":"value","text":' + stringify(toStr(error)) + '}';
  }
  // Calls fn with an array of arguments; answers with what happened and what the natives did.
  function run(fn, args) {
    log.length = 0;
    logLength = 0;
    var result, outcome;
    try {
      // sg-bucket calls the function with itself as this (js_runner.go: runner.fn.Call(runner.fn, ...)).
      result = apply(fn, fn, args);
      outcome = typeof result === 'boolean' ? '{"kind":"boolean","value":' + (result ? 'true' : 'false') + '}'
        : typeof result === 'string' ? '{"kind":"string","value":' + stringify(result) + '}' : '{"kind":"other"}';
    } catch (error) {
      outcome = describe(error);
    }
    return '{"outcome":' + outcome + ',"log":' + stringify(log) + '}';
  }
  return {
    // One call, its arguments as a JSON array.
    call: function (fn, json) { return run(fn, parse(json)); },
    // Many calls, one crossing: a JSON array of argument arrays in, a JSON array of answers out.
    callMany: function (fn, json) {
      var all = parse(json), out = '';
      for (var i = 0; i < all.length; i++) out += (i === 0 ? '' : ',') + run(fn, all[i]);
      return '[' + out + ']';
    },
    // What the natives did before a call was stopped (an interrupt or a stack overflow cannot be caught).
    takeLog: function () { return stringify(log); },
  };
})`;

interface Prepared {
  context: QuickJSContext;
  /** The prelude's object: call() and takeLog(). */
  host: QuickJSHandle;
  call: QuickJSHandle;
  callMany: QuickJSHandle;
  fn: QuickJSHandle;
}

/** What the prelude's run() answers for one call: how it ended, and the natives' log. */
type Reply = { outcome: ThrownOrReturned; log: unknown[] };

/** A call of a function whose context could not be built. */
function notCompiled(message: string): CallResult {
  return { natives: emptyNatives(), outcome: { kind: 'threw', message } };
}

/** What the prelude's call() reports. */
type ThrownOrReturned =
  | { kind: 'boolean'; value: boolean } | { kind: 'string'; value: string } | { kind: 'other' }
  | { kind: 'error'; name: string; message: string; stack: string } | { kind: 'value'; text: string };

/** What the gateway evaluates for one function, and what the sandbox may assume about it. */
export interface FunctionProgram {
  /** The text the gateway evaluates as `(<text>)` (sg-bucket js_runner.go SetFunction). */
  text: string;
  /** True when the function cannot change anything another call would see (src/sync/world.ts): one context serves every call. */
  shareable: boolean;
  /** Whether the function can reach underscore.js's `_` (loading it costs a context ~1 ms). */
  underscore: boolean;
}

export class FunctionSandbox {
  private runtime: QuickJSRuntime;
  private prepared: Prepared | null = null;
  private deadline = 0;
  /** False once a batch ran out of time: calls then go one by one, each with its own limit. */
  private batching = true;

  private constructor(private readonly module: QuickJSWASMModule, private readonly program: FunctionProgram, private readonly limits: SandboxLimits) {
    this.runtime = this.newRuntime();
  }

  /** Compiles the program once, to see that it is a function; calls then reuse or rebuild its context. */
  static async compile(program: FunctionProgram, limits: SandboxLimits = DEFAULT_LIMITS): Promise<CompileResult> {
    const module = await loadEngine();
    const sandbox = new FunctionSandbox(module, program, limits);
    const prepared = sandbox.prepare();
    if ('error' in prepared) {
      sandbox.dispose();
      return { ok: false, message: prepared.error };
    }
    sandbox.prepared = prepared;
    return { ok: true, sandbox };
  }

  private newRuntime(): QuickJSRuntime {
    const runtime = this.module.newRuntime();
    runtime.setMemoryLimit(this.limits.memoryBytes);
    runtime.setMaxStackSize(this.limits.stackBytes);
    runtime.setInterruptHandler(() => this.deadline > 0 && performance.now() > this.deadline);
    return runtime;
  }

  private prepare(): Prepared | { error: string } {
    const context = this.runtime.newContext({ intrinsics: INTRINSICS });
    const prepared: Prepared = { context, host: context.undefined, call: context.undefined, callMany: context.undefined, fn: context.undefined };
    const fail = (error: string) => {
      this.dropContext(prepared);
      return { error };
    };
    const preludeFn = context.unwrapResult(context.evalCode(PRELUDE, 'sgconf-prelude.js'));
    const builtins = context.unwrapResult(context.evalCode(`(${JSON.stringify(OTTO_BUILTINS)})`));
    const check = context.unwrapResult(context.evalCode(OTTO_REGEXP_CHECK_SOURCE, 'sgconf-regexp.js'));
    prepared.host = context.unwrapResult(context.callFunction(preludeFn, context.undefined, context.global, builtins, check));
    for (const handle of [builtins, check, preludeFn]) handle.dispose();
    prepared.call = context.getProp(prepared.host, 'call');
    prepared.callMany = context.getProp(prepared.host, 'callMany');
    if (this.program.underscore) context.unwrapResult(context.evalCode(UNDERSCORE_SOURCE, 'underscore.js')).dispose();
    this.deadline = performance.now() + this.limits.timeMs;
    const compiled = context.evalCode(`(${this.program.text})`, 'function.js');
    this.deadline = 0;
    if (compiled.error) {
      const dumped = context.dump(compiled.error) as { name?: unknown; message?: unknown } | unknown;
      compiled.error.dispose();
      return fail(isErrorLike(dumped) ? ottoErrorText(String(dumped.name), String(dumped.message)) : String(dumped));
    }
    if (context.typeof(compiled.value) !== 'function') {
      compiled.value.dispose();
      return fail('JavaScript source does not evaluate to a function');
    }
    prepared.fn = compiled.value;
    return prepared;
  }

  /**
   * Calls the function with its arguments as one JSON array text (JavaScript null where the gateway
   * passes null). A shareable function keeps its context; any other gets a fresh one for the next call.
   */
  call(argumentsJson: string): CallResult {
    const prepared = this.currentContext();
    if ('error' in prepared) return notCompiled(prepared.error);
    const { context } = prepared;
    let natives = emptyNatives();
    let outcome: CallOutcome;
    const argument = context.newString(argumentsJson);
    this.deadline = performance.now() + this.limits.timeMs;
    const result = context.callFunction(prepared.call, prepared.host, prepared.fn, argument);
    const timedOut = performance.now() > this.deadline;
    this.deadline = 0;
    argument.dispose();
    if (result.error) {
      // What the sandbox could not catch: an interrupt, memory, the stack (or an error thrown while describing one).
      const dumped = context.dump(result.error) as unknown;
      result.error.dispose();
      const name = isErrorLike(dumped) ? String(dumped.name) : '';
      const message = isErrorLike(dumped) ? String(dumped.message) : String(dumped);
      outcome = timedOut ? { kind: 'timeout' } : limitReached(name, message) ?? { kind: 'threw', message: ottoErrorText(name, message) };
      natives = this.takeLog(prepared) ?? natives;
    } else {
      const text = context.typeof(result.value) === 'string' ? context.getString(result.value) : '{}';
      result.value.dispose();
      ({ natives, outcome } = this.resultOf(JSON.parse(text) as Reply));
    }
    // After a time-out or exhausted memory the runtime may hold garbage: start over with a new one.
    if (isBroken(outcome)) {
      this.startOver();
    } else if (!this.program.shareable) {
      this.prepared = null;
      this.dropContext(prepared);
    }
    return { natives, outcome };
  }

  /**
   * Calls the function once for each argument text. A shareable function takes them in one crossing, all
   * within one time limit. When a batch meets a limit (time, memory, the stack), its calls from there on
   * run again one by one, each with its own limits: a shareable function leaves nothing behind that the
   * next call would see, so running a call again answers the same.
   */
  callMany(argumentsJsons: readonly string[]): CallResult[] {
    if (!this.program.shareable || !this.batching || argumentsJsons.length < 2) return argumentsJsons.map((json) => this.call(json));
    const prepared = this.currentContext();
    if ('error' in prepared) return argumentsJsons.map(() => notCompiled(prepared.error));
    const { context } = prepared;
    const argument = context.newString(`[${argumentsJsons.join(',')}]`);
    this.deadline = performance.now() + this.limits.timeMs;
    const result = context.callFunction(prepared.callMany, prepared.host, prepared.fn, argument);
    this.deadline = 0;
    argument.dispose();
    let results: CallResult[] = [];
    if (result.error) {
      result.error.dispose();
      this.batching = false;
    } else {
      const text = context.typeof(result.value) === 'string' ? context.getString(result.value) : '[]';
      result.value.dispose();
      results = (JSON.parse(text) as Reply[]).map((reply) => this.resultOf(reply));
      const limited = results.findIndex((r) => isBroken(r.outcome));
      if (limited >= 0) results = results.slice(0, limited);
    }
    if (results.length === argumentsJsons.length) return results;
    this.startOver();
    return [...results, ...argumentsJsons.slice(results.length).map((json) => this.call(json))];
  }

  /** The context calls run in: the one kept for a shareable function, else a new one. */
  private currentContext(): Prepared | { error: string } {
    if (this.prepared) return this.prepared;
    const fresh = this.prepare();
    if (!('error' in fresh)) this.prepared = fresh;
    return fresh;
  }

  /** What one call reported from inside the sandbox, as the Go side reads it. */
  private resultOf(reply: Reply): CallResult {
    return { natives: nativesFromLog(reply.log), outcome: this.outcomeOf(reply.outcome) };
  }

  /** A new runtime and context: after a limit the old runtime may hold garbage. */
  private startOver(): void {
    if (this.prepared) this.dropContext(this.prepared);
    this.prepared = null;
    this.runtime.dispose();
    this.runtime = this.newRuntime();
  }

  private takeLog(prepared: Prepared): NativeCalls | null {
    const { context } = prepared;
    try {
      const take = context.getProp(prepared.host, 'takeLog');
      const result = context.callFunction(take, prepared.host);
      take.dispose();
      if (result.error) { result.error.dispose(); return null; }
      const text = context.getString(result.value);
      result.value.dispose();
      return nativesFromLog(JSON.parse(text) as unknown[]);
    } catch {
      return null;
    }
  }

  private outcomeOf(reported: ThrownOrReturned): CallOutcome {
    switch (reported.kind) {
      case 'boolean': return { kind: 'returned', value: { type: 'boolean', value: reported.value } };
      case 'string': return { kind: 'returned', value: { type: 'string', value: reported.value } };
      case 'other': return { kind: 'returned', value: { type: 'other' } };
      case 'value': return { kind: 'threw', message: reported.text };
      case 'error':
        return limitReached(reported.name, reported.message)
          ?? { kind: 'threw', message: ottoErrorText(reported.name, reported.message, namesAt(`(${this.program.text})`, reported.stack)) };
    }
  }

  private dropContext(prepared: Prepared): void {
    try {
      if (prepared.fn !== prepared.context.undefined) prepared.fn.dispose();
      if (prepared.call !== prepared.context.undefined) prepared.call.dispose();
      if (prepared.callMany !== prepared.context.undefined) prepared.callMany.dispose();
      if (prepared.host !== prepared.context.undefined) prepared.host.dispose();
      prepared.context.dispose();
    } catch {
      // A context left broken (out of memory) goes with its runtime.
    }
  }

  dispose(): void {
    if (this.prepared) this.dropContext(this.prepared);
    this.prepared = null;
    this.runtime.dispose();
  }
}

/** Whether a call met one of the sandbox's limits, after which its runtime starts over. */
function isBroken(outcome: CallOutcome): boolean {
  return outcome.kind === 'timeout' || outcome.kind === 'out-of-memory' || outcome.kind === 'stack-overflow';
}

/** The natives' log (triples of kind and two values) as the calls the Go side reads. */
function nativesFromLog(log: readonly unknown[]): NativeCalls {
  const natives = emptyNatives();
  for (let i = 0; i + 2 < log.length; i += 3) recordNative(natives, log[i], log[i + 1], log[i + 2]);
  return natives;
}

function recordNative(natives: NativeCalls, which: unknown, a: unknown, b: unknown): void {
  switch (which) {
    case 'channel': natives.channels.push(String(a)); break;
    case 'access': natives.access.push({ users: [], values: [] }); break;
    case 'accessu': natives.access[natives.access.length - 1]!.users.push(String(a)); break;
    case 'accessv': natives.access[natives.access.length - 1]!.values.push(String(a)); break;
    case 'role': natives.roles.push({ users: [], values: [] }); break;
    case 'roleu': natives.roles[natives.roles.length - 1]!.users.push(String(a)); break;
    case 'rolev': natives.roles[natives.roles.length - 1]!.values.push(String(a)); break;
    case 'reject':
      if (natives.rejection === null && typeof a === 'number' && a >= 400) natives.rejection = { status: a, message: String(b) };
      break;
    case 'expiry-number': natives.expiry.push(typeof a === 'number' ? { type: 'number', value: a } : { type: 'other', value: 'number' }); break;
    case 'expiry-string': natives.expiry.push({ type: 'string', value: String(a) }); break;
    case 'expiry-other': natives.expiry.push({ type: 'other', value: String(a) }); break;
    case 'log': natives.logInfo.push(String(a)); break;
    case 'error': natives.logErrors.push(String(a)); break;
    case 'demand-admin': natives.demands.admin = true; break;
    case 'demand-denied': natives.denied = true; break;
    case 'demand-user': natives.demands.users.push(String(a)); break;
    case 'demand-role': natives.demands.roles.push(String(a)); break;
    case 'demand-access': natives.demands.channels.push(String(a)); break;
  }
}

export function emptyNatives(): NativeCalls {
  return { channels: [], access: [], roles: [], rejection: null, expiry: [], logInfo: [], logErrors: [], demands: { users: [], roles: [], channels: [], admin: false }, denied: false };
}

/** QuickJS's errors for the sandbox's own limits (time, memory, stack), whether caught inside or not. */
function limitReached(name: string, message: string): CallOutcome | null {
  if (name === 'InternalError' && message === 'interrupted') return { kind: 'timeout' };
  if (name === 'InternalError' && message === 'out of memory') return { kind: 'out-of-memory' };
  if ((name === 'InternalError' && message === 'stack overflow') || (name === 'RangeError' && message.startsWith('Maximum call stack size exceeded'))) return { kind: 'stack-overflow' };
  return null;
}

function isErrorLike(value: unknown): value is { name: unknown; message: unknown } {
  return typeof value === 'object' && value !== null && 'name' in value && 'message' in value;
}

/** `[0]`, `["name"]` or `['name']`: a member written as a literal, its key in group 1, 2 or 3. */
const LITERAL_KEY = String.raw`\[\s*(?:(-?\d+(?:\.\d+)?)|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')\s*\]`;
const LITERAL_KEY_AT_START = new RegExp(`^${LITERAL_KEY}`);
const LITERAL_KEY_AT_END = new RegExp(`${LITERAL_KEY}$`);

function literalKeyOf(match: RegExpExecArray | null): string | undefined {
  return match ? match[1] ?? match[2] ?? match[3] : undefined;
}

/** The offset in the evaluated text of the error's first frame in the function, or -1. */
function frameOffset(programText: string, stack: string): number {
  const frame = /\(function\.js:(\d+):(\d+)\)/.exec(stack);
  if (!frame) return -1;
  const lines = programText.split('\n');
  if (lines[Number(frame[1]) - 1] === undefined) return -1;
  return lines.slice(0, Number(frame[1]) - 1).reduce((n, l) => n + l.length + 1, 0) + Number(frame[2]) - 1;
}

/**
 * What otto names in an error that QuickJS words without a name, read from the source at the error's
 * position: the member of a failed `x[...]` access when it is a literal (QuickJS's frame points at the
 * bracket), and the callee of a call of a non-function (the frame points at the call's parenthesis).
 */
function namesAt(programText: string, stack: string): { member?: string; callee?: string } {
  const offset = frameOffset(programText, stack);
  if (offset < 0) return {};
  if (programText[offset] === '[') {
    const member = literalKeyOf(LITERAL_KEY_AT_START.exec(programText.slice(offset, offset + 200)));
    return member === undefined ? {} : { member };
  }
  if (programText[offset] === '(') {
    const callee = calleeNameBefore(programText, offset);
    return callee === undefined ? {} : { callee };
  }
  return {};
}

/**
 * otto's name for the callee that ends before `offset` (cmpl_evaluate_expression.go@b87d35c: the
 * reference's name, an identifier's or a property's): `f(`, `a.f(` and `a["f"](` name f. A callee otto
 * names by its value instead (a call's result, a function expression) is undefined here.
 */
function calleeNameBefore(text: string, offset: number): string | undefined {
  let end = offset;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  if (text[end - 1] === ']') {
    return literalKeyOf(LITERAL_KEY_AT_END.exec(text.slice(Math.max(0, end - 200), end)));
  }
  let start = end;
  while (start > 0 && /[\w$]/.test(text[start - 1]!)) start--;
  const name = text.slice(start, end);
  // A keyword before the parenthesis (if, while, function) is no callee.
  return /^[A-Za-z_$][\w$]*$/.test(name) && !KEYWORDS.has(name) ? name : undefined;
}

const KEYWORDS = new Set(['if', 'while', 'for', 'switch', 'catch', 'function', 'return', 'typeof', 'new', 'in', 'of', 'with', 'do', 'else', 'case', 'void', 'delete', 'throw']);
