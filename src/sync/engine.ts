// The engine that runs a sync function or an import filter: the gateway's own, otto with underscore.js,
// compiled from Go to WebAssembly with the gateway's Go side written here (engine/, see engine/README.md).
// A function from a pull request is untrusted code: it runs inside otto, inside WebAssembly, inside a
// worker thread, and the only host objects the Go program holds are its own. Each program is compiled once,
// in the engine's state as it started, and that state is saved; every call starts from it (the whole Go
// program restored: src/otto/load.ts), so nothing a call does can be seen by the next, whatever it does.
//
// The engine's state is one Go program. Whatever breaks it (the memory limit, a fatal Go error) breaks every
// program compiled in it: the sandbox then starts a new engine from the same compiled module, and the
// programs compile again on their next call.
import { compileModule, programStart, startGoProgram, type GoProgram, type GoState, type ProgramStart } from '../otto/load.js';
import { isOttoCommit, ottoCommit, type OttoCommit } from '../releases/sync-runner.js';
import { NEWEST_RELEASE } from '../releases/index.js';
import { stringifyJson } from '../source/number-text.js';
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { packageFile } from '../paths.js';

/** Per-case limits (documented in docs/testing.md). The gateway itself has none by default. */
export interface SandboxLimits {
  /** Wall-clock time one case may run, in milliseconds (the pool ends a worker stuck past it). */
  timeMs: number;
  /** The engine's memory (its WebAssembly memory), in bytes: past it, the running case ends and the engine starts again. */
  memoryBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { timeMs: 1000, memoryBytes: 512 * 1024 * 1024 };

/** What the natives received during one call, as the gateway's Go side read it (engine/runner/natives.go). */
export interface NativeCalls {
  channels: string[];
  /** access(users, channels) and role(users, roles) calls that granted something: users and values, as strings. */
  access: { users: string[]; values: string[] }[];
  roles: { users: string[]; values: string[] }[];
  /** The first reject() whose status is 400 or more. */
  rejection: { status: number; statusText: string; message: string } | null;
  /** The last expiry() value the gateway could read (base.ReflectExpiry), or null. */
  expiry: number | null;
  logInfo: string[];
  logErrors: string[];
  /** What the require* helpers demanded (recorded by sgconf's copy of the wrapper). */
  demands: { users: string[]; roles: string[]; channels: string[]; admin: boolean; calls: DemandCall[] };
  /** Whether a require* helper refused the writer. */
  denied: boolean;
  /**
   * Where the kept reject() was called, and where the function called the last require* that refused the
   * writer: offsets in the function's text as it ran, when otto's frames stand in it (sgconf's own).
   */
  rejectedAt?: number;
  deniedAt?: number;
  /** In a run with marked throw statements, the number of the one that threw the value the wrapper caught. */
  throwSite?: number;
}

/** The global the instrumented wrapper calls (syncWrapperSource's demandRecorder; engine/runner/natives.go DemandRecorder). */
export const DEMAND_RECORDER = '__sgconfDemand';

/** An import filter's answer as db/import.go@4.1.1 parseImportFilterOutput reads the returned value. */
export interface ImportReading {
  shouldImport: boolean;
  /** Why the value is no boolean (strconv.ParseBool's error, or "returned non-boolean value"). */
  error?: string;
}

export type CallOutcome =
  | { kind: 'returned'; import?: ImportReading }
  /** `at`: where the thrown Error was made in the function's text as it ran (FunctionProgram.functionSpan), when otto's trace reaches it. */
  | { kind: 'threw'; message: string; at?: number }
  /** A Go panic inside otto: the gateway's handler answers 500. */
  | { kind: 'panic'; message: string }
  | { kind: 'timeout' }
  | { kind: 'out-of-memory' };

export interface CallResult {
  natives: NativeCalls;
  outcome: CallOutcome;
  /** The coverage counters the call reached, as pairs of index and count, when the program counts. */
  coverage?: number[];
  /** How long the call took in the engine, in microseconds: beside what it did, never part of it. */
  micros?: number;
}

/** One call as the engine takes it (engine/runner/runner.go Call). */
export interface EngineCall {
  /** The body the function is given. */
  doc: unknown;
  /** The parent revision as JSON text; "" for none (null). */
  oldDoc?: string;
  /** meta (3.0 and later); absent: no meta argument. */
  meta?: unknown;
  userCtx?: { name: string; channels: readonly string[] | null; roles: readonly string[] } | null;
  /** How the gateway decoded the body's numbers on this path (engine/runner/runner.go Numbers*). */
  numbers: 'convert' | 'keep' | 'float';
}

/** What the gateway evaluates for one function, and what the engine may assume about it. */
export interface FunctionProgram {
  /** The text the gateway evaluates as `(<text>)` (sg-bucket js_runner.go SetFunction). */
  text: string;
  role: 'sync' | 'import_filter';
  /** The otto the release runs (src/releases/sync-runner.ts ottoCommit). */
  otto: OttoCommit;
  /** The limit on nested calls the release sets (0: none). */
  stackDepthLimit: number;
  /** Coverage counters the (instrumented) text calls, for `sgconf test --coverage`; absent: none. */
  counters?: number;
  /** The native they call (engine/runner Options.CounterName). */
  counterName?: string;
  /** The gateway host's time zone, an IANA name: the local time of the function's Date; absent: UTC. */
  timeZone?: string;
  /** Where the function's own text (its counted text, when it counts) stands in `text`: start and length. */
  functionSpan: { start: number; length: number };
  /** The native the text's marked throw statements call (src/sync/instrument.ts markThrows); absent: none. */
  throwMarker?: string;
}

export type CompileResult = { ok: true; sandbox: FunctionSandbox } | { ok: false; message: string };

/**
 * The seeds of Go's map order a call runs under, `count` of them: a function of the call alone (what the
 * function is given: documents, user, meta, as `callText`, its JSON text), so that a case sees the same key
 * orders on every run, on every machine, whatever ran before it. FNV-1a over the text, then over the
 * order's number.
 */
export function orderSeeds(callText: string, count: number): number[] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < callText.length; i++) hash = Math.imul(hash ^ callText.charCodeAt(i), 0x01000193) >>> 0;
  return Array.from({ length: count }, (_, k) => {
    let seed = hash;
    for (const byte of [k & 0xff, (k >> 8) & 0xff]) seed = Math.imul(seed ^ byte, 0x01000193) >>> 0;
    return seed;
  });
}

class EngineBroken extends Error {
  constructor(readonly outcome: CallOutcome) {
    super(outcome.kind);
  }
}

/**
 * A call this thread gave up while it ran cases itself (boundEngineCalls): it ran past its time here, met
 * this thread's smaller stack, or ended otherwise than by answering. The engine is dropped; the case is run
 * again, with the rest, by a worker, whose answer is the one that counts (src/sync/pool.ts).
 */
export class HandedOver extends Error {
  constructor() {
    super('handed over to a worker');
  }
}

/**
 * The wall-clock time each engine call of this thread may take, in ms (a run, and compiling a program), when
 * this thread runs cases itself instead of a worker; null in a worker, where the pool's watchdog times each
 * run by its thread's CPU time and terminates the worker.
 */
let callBounds: { runMs: number; compileMs: number } | null = null;

/** Sets (or, with null, lifts) the bounds of this thread's engine calls: see callBounds. */
export function boundEngineCalls(bounds: { runMs: number; compileMs: number } | null): void {
  callBounds = bounds;
}

/**
 * The longest answer a bounded call hands back: past it the case goes to a worker, whose heap is limited
 * (src/sync/pool.ts), so that no answer is read here that a worker could not read.
 */
const BOUNDED_ANSWER_CHARS = 16 * 1024 * 1024;

/** The script a bounded call runs in: V8 ends it at the bound (vm's timeout), WebAssembly included. */
const BOUNDED_CALL = new Script('globalThis[Symbol.for("sgconf.boundedEngineCall")]()', { filename: 'sgconf-engine-call' });
const BOUNDED_CALL_KEY = Symbol.for('sgconf.boundedEngineCall');

function callWithin(call: () => string, ms: number): unknown {
  const global = globalThis as unknown as Record<symbol, unknown>;
  global[BOUNDED_CALL_KEY] = call;
  try {
    return BOUNDED_CALL.runInThisContext({ timeout: Math.max(1, Math.ceil(ms)) });
  } finally {
    delete global[BOUNDED_CALL_KEY];
  }
}

/** The otto of the newest releases: the module the pool compiles before it knows which a run needs. */
export const DEFAULT_OTTO: OttoCommit = ottoCommit(NEWEST_RELEASE);

const compiledModules = new Map<OttoCommit, Promise<WebAssembly.Module>>();

/**
 * A module compiled before the CLI loaded (src/launch.cts, named by dist/engine-start.json), taken as this
 * process's compilation of that otto's module; an otto no release pins is ignored. Should that compile fail
 * (a file missing or damaged), the module is compiled as without it.
 */
export function adoptCompiledModule(otto: string, compiled: Promise<WebAssembly.Module>): void {
  if (!isOttoCommit(otto) || compiledModules.has(otto)) {
    compiled.catch(() => undefined);
    return;
  }
  const module = compiled.catch(() => compileModule('engine', otto));
  // Awaited by the run that needs it, which reports its failure (a command may need none).
  module.catch(() => undefined);
  compiledModules.set(otto, module);
}

/** What runs the functions (sgconf test --debug): otto in WebAssembly, and the Go that built it (wasm_exec.js's first line names it). */
export function engineDescription(): string {
  const first = readFileSync(packageFile('engine/wasm/wasm_exec.js'), 'utf8').split('\n', 1)[0] ?? '';
  return `otto in WebAssembly, built with ${/go\d+\.\d+(\.\d+)?/.exec(first)?.[0] ?? 'Go'}`;
}

/** The engine's WebAssembly module, compiled once per process (for workers to share: V8 compiles it once). */
export function compileEngineModule(otto: OttoCommit = DEFAULT_OTTO): Promise<WebAssembly.Module> {
  let compiled = compiledModules.get(otto);
  if (!compiled) compiledModules.set(otto, (compiled = compileModule('engine', otto)));
  return compiled;
}

/** One running Go program: the engine of this thread. */
class Engine {
  broken = false;

  /** `started`: the program's state as it started, in which every function is compiled. */
  private constructor(private readonly program: GoProgram, private readonly started: GoState) {}

  /** Starts the engine, prepared: from its start image when the build made one (the same state, without running it). */
  static start(module: WebAssembly.Module, limits: SandboxLimits, from: ProgramStart): Engine {
    const program = startGoProgram(module, limits.memoryBytes, () => new EngineBroken({ kind: 'out-of-memory' }), from);
    return new Engine(program, program.save());
  }

  /** Puts the engine back in a state it saved: the whole Go program, so nothing done since remains. */
  restore(state: GoState): void {
    if (!this.broken) this.program.restore(state);
  }

  /**
   * Calls into Go; a call that breaks the engine (memory, a fatal error) throws EngineBroken. A bounded call
   * (callBounds) that does not answer in time, within this thread's stack, with an answer of a size a
   * worker reads, throws HandedOver instead, whatever stopped it: only answers a worker would give are
   * taken on this thread.
   */
  private enter(call: () => string, compiling = false): string {
    if (this.broken) throw new EngineBroken({ kind: 'threw', message: 'the engine stopped' });
    const bound = callBounds && (compiling ? callBounds.compileMs : callBounds.runMs);
    try {
      const text = bound ? callWithin(call, bound) : call();
      if (this.program.exited() || typeof text !== 'string') throw new EngineBroken({ kind: 'panic', message: 'the engine stopped' });
      if (bound && text.length > BOUNDED_ANSWER_CHARS) throw new HandedOver();
      return text;
    } catch (error) {
      this.broken = true;
      if (bound) throw error instanceof HandedOver ? error : new HandedOver();
      if (error instanceof EngineBroken) throw error;
      // A stack overflow of V8 inside the engine, or any other host error: the case ends, the engine is replaced.
      throw new EngineBroken({ kind: 'panic', message: error instanceof Error ? error.message : String(error) });
    }
  }

  /**
   * Compiles a program in the engine's state as it started (so that no other program is in it) and saves
   * the state after: the state each of its calls starts from.
   */
  compile(program: FunctionProgram): { id: number; state: GoState } | { error: string } {
    // The engine compiles every program in its one runtime, which has underscore.js as the gateway's has.
    const options = JSON.stringify({ stackDepthLimit: program.stackDepthLimit, counters: program.counters ?? 0, counterName: program.counterName ?? '', timeZone: program.timeZone ?? '', throwMarker: program.throwMarker ?? '' });
    this.restore(this.started);
    const compiled = JSON.parse(this.enter(() => this.program.api.compile(program.role, program.text, options), true)) as { id: number } | { error: string };
    return 'error' in compiled ? compiled : { id: compiled.id, state: this.program.save() };
  }

  /** One call, as its JSON text, under one seed. */
  run(id: number, callText: string, seed: number): EngineResult {
    return (JSON.parse(this.enter(() => this.program.api.run(`{"program":${id},"calls":[${callText}],"seeds":[${seed}]}`))) as EngineResult[])[0]!;
  }

  /** What a write makes of each `_exp` (engine/runner ExtractExpiries: Go's ReflectExpiry and time.Parse). */
  expiries(values: readonly unknown[]): ExpiryVerdict[] {
    return JSON.parse(this.enter(() => this.program.api.expiry(stringifyJson(values)))) as ExpiryVerdict[];
  }

}

/**
 * A written body's `_exp` as the gateway reads it (db/revision.go@4.1.1 Body.ExtractExpiry): an expiry
 * (the property leaves the body), none (null: it stays), or the text of the 400 "Invalid expiry" refusal.
 */
export type ExpiryVerdict = { value: number | null; error?: undefined } | { error: string };

/** One call's answer from Go (engine/runner/natives.go Result): null lists are empty ones. */
interface EngineResult {
  channels: string[];
  access: { users: string[]; values: string[] }[] | null;
  roles: { users: string[]; values: string[] }[] | null;
  rejection: { status: number; statusText: string; message: string } | null;
  expiry: number | null;
  logInfo: string[] | null;
  logErrors: string[] | null;
  demands: { users: string[] | null; roles: string[] | null; channels: string[] | null; admin: boolean; calls: DemandCall[] | null };
  denied: boolean;
  rejectedAt?: number[];
  deniedAt?: number[];
  throwSite?: number;
  coverage?: number[];
  /** `thrownAt`: where a thrown Error was made, frame by frame, innermost first (byte offsets of the program's text in UTF-8). */
  outcome: { kind: 'returned' | 'threw' | 'panic' | 'invalid'; message?: string; thrownAt?: number[]; import?: ImportReading };
  micros?: number;
}

/** This thread's engines, one for each otto a program has needed. */
const engines = new Map<OttoCommit, Promise<Engine>>();
let engineLimits: SandboxLimits = DEFAULT_LIMITS;

/**
 * Starts this thread's engine of the newest releases' otto. `compiled` is its module compiled elsewhere,
 * or the promise of it (the pool compiles it while the worker starts; undefined: it could not, and this
 * thread compiles it); its start image is read meanwhile.
 */
export function loadEngine(compiled?: WebAssembly.Module | Promise<WebAssembly.Module | undefined>, limits: SandboxLimits = DEFAULT_LIMITS): Promise<void> {
  if (compiled) adoptCompiledModule(DEFAULT_OTTO, Promise.resolve(compiled).then((module) => module ?? Promise.reject(new Error('not compiled'))));
  engineLimits = limits;
  return currentEngine(DEFAULT_OTTO).then(() => undefined);
}

async function currentEngine(otto: OttoCommit): Promise<Engine> {
  const existing = engines.get(otto);
  if (existing) {
    const running = await existing;
    if (!running.broken) return running;
  }
  const starting = (async () => {
    // The image is written into the engine's memory while its module compiles.
    const from = programStart('engine', otto);
    return Engine.start(await compileEngineModule(otto), engineLimits, from);
  })();
  engines.set(otto, starting);
  return starting;
}

/**
 * Compiles `program` in an engine of this thread that nothing else uses, started from `from`, runs `calls`
 * from its compiled state one at a time, and drops the engine (src/sync/hot-path.ts). The calls' results;
 * null when the program did not compile or the engine broke.
 */
export function runDetached(module: WebAssembly.Module, program: FunctionProgram, calls: readonly EngineCall[], from: ProgramStart = programStart('engine', program.otto)): CallResult[] | null {
  const engine = Engine.start(module, DEFAULT_LIMITS, from);
  try {
    const compiled = engine.compile(program);
    if ('error' in compiled) return null;
    return calls.map((call) => {
      engine.restore(compiled.state);
      return toCallResult(engine.run(compiled.id, stringifyJson(call), 0), program);
    });
  } catch (error) {
    if (error instanceof EngineBroken) return null;
    throw error;
  }
}

export class FunctionSandbox {
  private constructor(private readonly program: FunctionProgram, private engine: Engine, private id: number, private state: GoState) {}

  /** Compiles the program, to see that it is a function; otto's error text when it is not. */
  static async compile(program: FunctionProgram, limits: SandboxLimits = DEFAULT_LIMITS): Promise<CompileResult> {
    engineLimits = limits;
    const running = await currentEngine(program.otto);
    let compiled: { id: number; state: GoState } | { error: string };
    try {
      compiled = running.compile(program);
    } catch (error) {
      if (error instanceof HandedOver) throw error;
      return { ok: false, message: error instanceof EngineBroken && 'message' in error.outcome ? error.outcome.message : 'the engine stopped' };
    }
    if ('error' in compiled) return { ok: false, message: compiled.error };
    return { ok: true, sandbox: new FunctionSandbox(program, running, compiled.id, compiled.state) };
  }

  /**
   * Runs each call under `orders` orders of its documents' keys (orderSeeds), each run from the program's
   * saved state; the results come call by call, order by order. `onRun` is told before each run (the pool's
   * watchdog times each apart). A run that breaks the engine (memory, a fatal error) is that run's
   * outcome; the runs after it go on in a new engine.
   */
  async callMany(calls: readonly EngineCall[], orders = 1, onRun?: () => void): Promise<CallResult[][]> {
    const results: CallResult[][] = [];
    for (const call of calls) {
      const runs: CallResult[] = [];
      const text = stringifyJson(call);
      for (const seed of orderSeeds(text, orders)) {
        const engine = await this.ready();
        onRun?.();
        try {
          engine.restore(this.state);
          runs.push(toCallResult(engine.run(this.id, text, seed), this.program));
        } catch (error) {
          if (!(error instanceof EngineBroken)) throw error;
          runs.push({ natives: emptyNatives(), outcome: error.outcome });
        }
      }
      results.push(runs);
    }
    return results;
  }

  /** What a write makes of each `_exp` value (engine/runner ExtractExpiries), in one crossing. */
  async expiries(values: readonly unknown[]): Promise<ExpiryVerdict[]> {
    const engine = await this.ready();
    engine.restore(this.state);
    return engine.expiries(values);
  }

  /** The engine this program is compiled in, compiling it again in a new engine after the old one broke. */
  private async ready(): Promise<Engine> {
    if (!this.engine.broken) return this.engine;
    const running = await currentEngine(this.program.otto);
    const compiled = running.compile(this.program);
    if ('error' in compiled) throw new Error(compiled.error);
    this.engine = running;
    this.id = compiled.id;
    this.state = compiled.state;
    return running;
  }
}

function toCallResult(answer: EngineResult, program: FunctionProgram): CallResult {
  const natives: NativeCalls = {
    channels: answer.channels ?? [],
    access: answer.access ?? [],
    roles: answer.roles ?? [],
    rejection: answer.rejection,
    expiry: answer.expiry,
    logInfo: answer.logInfo ?? [],
    logErrors: answer.logErrors ?? [],
    demands: { users: answer.demands.users ?? [], roles: answer.demands.roles ?? [], channels: answer.demands.channels ?? [], admin: answer.demands.admin, calls: answer.demands.calls ?? [] },
    denied: answer.denied,
  };
  const rejectedAt = inFunction(answer.rejectedAt, program);
  const deniedAt = inFunction(answer.deniedAt, program);
  if (rejectedAt !== undefined) natives.rejectedAt = rejectedAt;
  if (deniedAt !== undefined) natives.deniedAt = deniedAt;
  if (answer.throwSite !== undefined) natives.throwSite = answer.throwSite;
  const { outcome } = answer;
  const coverage = { ...(answer.coverage ? { coverage: answer.coverage } : {}), ...(answer.micros !== undefined ? { micros: answer.micros } : {}) };
  switch (outcome.kind) {
    case 'returned': return { natives, outcome: outcome.import ? { kind: 'returned', import: outcome.import } : { kind: 'returned' }, ...coverage };
    case 'panic': return { natives, outcome: { kind: 'panic', message: outcome.message ?? '' }, ...coverage };
    default: {
      const at = inFunction(outcome.thrownAt, program);
      return { natives, outcome: { kind: 'threw', message: outcome.message ?? '', ...(at !== undefined ? { at } : {}) }, ...coverage };
    }
  }
}

/**
 * The innermost frame that stands in the function's own text (not in the gateway's wrapper), as an offset in
 * it. The engine gives byte offsets of the program's text in UTF-8; the text's own offsets count UTF-16 units.
 */
function inFunction(sites: readonly number[] | undefined, program: FunctionProgram): number | undefined {
  if (!sites || sites.length === 0) return undefined;
  const span = program.functionSpan;
  const site = sites.map((bytes) => utf16Offset(program, bytes)).find((s) => s >= span.start && s < span.start + span.length);
  return site === undefined ? undefined : site - span.start;
}

/** Each program's text in UTF-8, or null when it is all ASCII (bytes and UTF-16 units agree): made once a program. */
const utf8Texts = new WeakMap<FunctionProgram, Buffer | null>();

function utf16Offset(program: FunctionProgram, bytes: number): number {
  let utf8 = utf8Texts.get(program);
  if (utf8 === undefined) {
    utf8 = Buffer.byteLength(program.text, 'utf8') === program.text.length ? null : Buffer.from(program.text, 'utf8');
    utf8Texts.set(program, utf8);
  }
  return utf8 === null ? bytes : utf8.subarray(0, bytes).toString('utf8').length;
}

/**
 * The last few programs compiled in this thread's engine, by the program: the test files of one config
 * compile it once. Each holds the engine's state after its compilation (tens of MB): a few.
 */
export class CompiledPrograms {
  private readonly kept = new Map<string, FunctionSandbox | string>();

  constructor(private readonly size = 3) {}

  /** The program compiled, or why it does not compile; `compiling` is told before a compilation starts. */
  async get(program: FunctionProgram, limits: SandboxLimits, compiling?: () => void): Promise<FunctionSandbox | string> {
    const key = JSON.stringify(program);
    const kept = this.kept.get(key);
    if (kept) return kept;
    if (this.kept.size >= this.size) this.kept.delete(this.kept.keys().next().value as string);
    compiling?.();
    const compiled = await FunctionSandbox.compile(program, limits);
    const sandbox = compiled.ok ? compiled.sandbox : compiled.message;
    this.kept.set(key, sandbox);
    return sandbox;
  }
}

/** One require* call, in the engine's words (engine/runner/natives.go DemandCall). */
export interface DemandCall {
  kind: 'users' | 'roles' | 'channels' | 'admin';
  values: string[];
}

export function emptyNatives(): NativeCalls {
  return { channels: [], access: [], roles: [], rejection: null, expiry: null, logInfo: [], logErrors: [], demands: { users: [], roles: [], channels: [], admin: false, calls: [] }, denied: false };
}
