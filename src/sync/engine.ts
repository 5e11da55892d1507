// The sandbox that runs a sync function or an import filter: QuickJS compiled to WebAssembly, never V8.
// A function from a pull request is untrusted code; node:vm is not a security boundary, a WebAssembly
// interpreter with no host objects is. The sandbox has only ES5's built-ins (no Promise, Proxy, Map, typed
// arrays: otto has none of them), the gateway's natives, underscore.js, and one host callback through
// which the natives hand over results as strings and numbers.
//
// No case sees another case's changes, as with the gateway's dry-run endpoints, which build a new runner
// per request. Creating a context costs ~0.3 ms, more than most cases, so a function that provably cannot
// change anything shared (src/sync/world.ts) keeps one context for all its cases; any other function gets
// a fresh context per case.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { UNDERSCORE_SOURCE } from './underscore.js';
import { ottoErrorText } from './otto-messages.js';
import { OTTO_REGEXP_CHECK_SOURCE } from './otto-regexp.js';
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

/** Loads the WebAssembly engine once per process (~20 ms). */
export function loadEngine(): Promise<QuickJSWASMModule> {
  modulePromise ??= (async () => {
    const [{ newQuickJSWASMModuleFromVariant }, variant] = await Promise.all([
      import('quickjs-emscripten-core'),
      import('@jitl/quickjs-wasmfile-release-sync'),
    ]);
    return newQuickJSWASMModuleFromVariant(variant.default as unknown as Parameters<typeof newQuickJSWASMModuleFromVariant>[0]);
  })();
  return modulePromise;
}

// ES5's built-ins and nothing newer: what otto offers (its README: "Otto targets ES5").
const INTRINSICS = { BaseObjects: true, Date: true, Eval: true, RegExp: true, JSON: true } as const;

// Trusted code, run before underscore and the user's function. It captures every built-in it uses, so a
// function that replaces Array.isArray or String cannot change what the natives record. It returns the
// object the host keeps: the JSON parser and the hook for otto's regular expression check.
const PRELUDE = String.raw`(function (emit, global, builtins) {
  var isArray = Array.isArray, toStr = String, toNum = Number, parse = JSON.parse, floor = Math.floor;
  var getNames = Object.getOwnPropertyNames, define = Object.defineProperty;
  var RangeErrorCtor = RangeError, TypeErrorCtor = TypeError, RegExpCtor = RegExp;

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
    if (kind === 'admin') { emit('demand-admin'); return; }
    var list = isArray(value) ? value : [value];
    for (var i = 0; i < list.length; i++) emit('demand-' + kind, toStr(list[i]));
  };
  global.console = { log: goStringFunction('log'), error: goStringFunction('error') };
  // otto translates patterns to Go's RE2 and refuses what RE2 cannot do (parser/regexp.go TransformRegExp).
  var ottoRefusal = function (pattern) { return null; };
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

  return {
    parse: function (text) { return parse(text); },
    setRegExpCheck: function (check) { ottoRefusal = check; },
  };
})`;

interface Prepared {
  context: QuickJSContext;
  /** The prelude's object: parse() and setRegExpCheck(). */
  host: QuickJSHandle;
  fn: QuickJSHandle;
  natives: NativeCalls;
}

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
    const prepared: Prepared = { context, host: context.undefined, fn: context.undefined, natives: emptyNatives() };
    const emit = context.newFunction('emit', (...args) => {
      recordNative(prepared.natives, args.map((h) => context.dump(h)));
    });
    try {
      const preludeFn = context.unwrapResult(context.evalCode(PRELUDE, 'sgconf-prelude.js'));
      const builtins = context.unwrapResult(context.evalCode(`(${JSON.stringify(OTTO_BUILTINS)})`));
      prepared.host = context.unwrapResult(context.callFunction(preludeFn, context.undefined, emit, context.global, builtins));
      builtins.dispose();
      preludeFn.dispose();
      const check = context.unwrapResult(context.evalCode(OTTO_REGEXP_CHECK_SOURCE, 'sgconf-regexp.js'));
      const setCheck = context.getProp(prepared.host, 'setRegExpCheck');
      context.unwrapResult(context.callFunction(setCheck, prepared.host, check)).dispose();
      setCheck.dispose();
      check.dispose();
      if (this.program.underscore) context.unwrapResult(context.evalCode(UNDERSCORE_SOURCE, 'underscore.js')).dispose();
      this.deadline = performance.now() + this.limits.timeMs;
      const compiled = context.evalCode(`(${this.program.text})`, 'function.js');
      this.deadline = 0;
      if (compiled.error) {
        const message = describeThrown(context, compiled.error);
        compiled.error.dispose();
        this.dropContext(prepared);
        return { error: message };
      }
      if (context.typeof(compiled.value) !== 'function') {
        compiled.value.dispose();
        this.dropContext(prepared);
        return { error: 'JavaScript source does not evaluate to a function' };
      }
      prepared.fn = compiled.value;
      return prepared;
    } finally {
      emit.dispose();
    }
  }

  /**
   * Calls the function with arguments given as JSON texts (null: JavaScript null). A shareable function
   * keeps its context; any other gets a fresh one for the next call.
   */
  call(argumentTexts: readonly (string | null)[]): CallResult {
    let prepared = this.prepared;
    if (!prepared) {
      const fresh = this.prepare();
      if ('error' in fresh) return { natives: emptyNatives(), outcome: { kind: 'threw', message: fresh.error } };
      prepared = this.prepared = fresh;
    }
    const { context } = prepared;
    const natives = emptyNatives();
    prepared.natives = natives;
    const handles: QuickJSHandle[] = [];
    let outcome: CallOutcome;
    const parse = context.getProp(prepared.host, 'parse');
    try {
      this.deadline = performance.now() + this.limits.timeMs;
      for (const text of argumentTexts) {
        if (text === null) { handles.push(context.null); continue; }
        const source = context.newString(text);
        const parsed = context.callFunction(parse, context.undefined, source);
        source.dispose();
        if (parsed.error) {
          parsed.error.dispose();
          throw new Error('sgconf could not hand a document to the sandbox');
        }
        handles.push(parsed.value);
      }
      const result = context.callFunction(prepared.fn, context.undefined, ...handles);
      if (result.error) {
        outcome = this.classifyThrown(context, result.error);
        result.error.dispose();
      } else {
        outcome = { kind: 'returned', value: returnedValue(context, result.value) };
        result.value.dispose();
      }
    } finally {
      this.deadline = 0;
      for (const handle of handles) if (handle !== context.null) handle.dispose();
      parse.dispose();
    }
    // After a time-out or exhausted memory the runtime may hold garbage: start over with a new one.
    const broken = outcome.kind === 'timeout' || outcome.kind === 'out-of-memory' || outcome.kind === 'stack-overflow';
    if (broken || !this.program.shareable) {
      this.prepared = null;
      this.dropContext(prepared);
      if (broken) {
        this.runtime.dispose();
        this.runtime = this.newRuntime();
      }
    }
    return { natives, outcome };
  }

  private classifyThrown(context: QuickJSContext, error: QuickJSHandle): CallOutcome {
    if (this.deadline > 0 && performance.now() > this.deadline) return { kind: 'timeout' };
    const message = describeThrown(context, error, `(${this.program.text})`);
    if (message === 'InternalError: interrupted') return { kind: 'timeout' };
    if (message === 'InternalError: out of memory' || message === 'null') return { kind: 'out-of-memory' };
    if (message === 'InternalError: stack overflow' || message.startsWith('RangeError: Maximum call stack size exceeded')) return { kind: 'stack-overflow' };
    return { kind: 'threw', message };
  }

  private dropContext(prepared: Prepared): void {
    try {
      if (prepared.fn !== prepared.context.undefined) prepared.fn.dispose();
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

function recordNative(natives: NativeCalls, args: unknown[]): void {
  const [which, a, b] = args;
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
    case 'expiry-number': natives.expiry.push({ type: 'number', value: Number(a) }); break;
    case 'expiry-string': natives.expiry.push({ type: 'string', value: String(a) }); break;
    case 'expiry-other': natives.expiry.push({ type: 'other', value: String(a) }); break;
    case 'log': natives.logInfo.push(String(a)); break;
    case 'error': natives.logErrors.push(String(a)); break;
    case 'demand-admin': natives.demands.admin = true; break;
    case 'demand-user': natives.demands.users.push(String(a)); break;
    case 'demand-role': natives.demands.roles.push(String(a)); break;
    case 'demand-access': natives.demands.channels.push(String(a)); break;
  }
}

function emptyNatives(): NativeCalls {
  return { channels: [], access: [], roles: [], rejection: null, expiry: [], logInfo: [], logErrors: [], demands: { users: [], roles: [], channels: [], admin: false } };
}

function returnedValue(context: QuickJSContext, handle: QuickJSHandle): ReturnedValue {
  const type = context.typeof(handle);
  if (type === 'boolean') return { type: 'boolean', value: context.dump(handle) === true };
  if (type === 'string') return { type: 'string', value: context.getString(handle) };
  return { type: 'other' };
}

/**
 * What otto's catchPanic makes of a thrown value (error.go@b87d35c): an Error object becomes
 * "<name>: <message>", any other value its string. QuickJS's wording of the common errors is put in
 * otto's (src/sync/otto-messages.ts).
 */
function describeThrown(context: QuickJSContext, error: QuickJSHandle, programText?: string): string {
  const dumped = context.dump(error) as unknown;
  if (dumped && typeof dumped === 'object' && 'name' in dumped && 'message' in dumped) {
    const { name, message, stack } = dumped as { name: unknown; message: unknown; stack?: unknown };
    return ottoErrorText(String(name), String(message), programText !== undefined ? memberAt(programText, String(stack ?? '')) : undefined);
  }
  if (typeof dumped === 'string') return dumped;
  return stringOf(context, error);
}

function stringOf(context: QuickJSContext, handle: QuickJSHandle): string {
  const stringFn = context.getProp(context.global, 'String');
  const result = context.callFunction(stringFn, context.undefined, handle);
  stringFn.dispose();
  if (result.error) {
    result.error.dispose();
    return 'an exception that cannot be shown as text';
  }
  const text = context.typeof(result.value) === 'string' ? context.getString(result.value) : String(context.dump(result.value));
  result.value.dispose();
  return text;
}

/**
 * The member name of a failed `x[...]` access, when it is a literal: QuickJS leaves it out of the message,
 * otto names it. The error's first frame in the function gives the position of the bracket.
 */
function memberAt(programText: string, stack: string): string | undefined {
  const frame = /\(function\.js:(\d+):(\d+)\)/.exec(stack);
  if (!frame) return undefined;
  const lines = programText.split('\n');
  const line = lines[Number(frame[1]) - 1];
  if (line === undefined) return undefined;
  const offset = lines.slice(0, Number(frame[1]) - 1).reduce((n, l) => n + l.length + 1, 0) + Number(frame[2]) - 1;
  if (programText[offset] !== '[') return undefined;
  const literal = /^\[\s*(?:(-?\d+(?:\.\d+)?)|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')\s*\]/.exec(programText.slice(offset, offset + 200));
  if (!literal) return undefined;
  return literal[1] ?? literal[2] ?? literal[3];
}
