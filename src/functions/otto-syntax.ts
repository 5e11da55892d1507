// Whether otto reads a function: the gateway evaluates "(" + source + ")" with otto's parser before anything
// runs, and refuses the database when it cannot. acorn (which sgconf analyses functions with) and otto
// disagree at the edges: otto refuses `[^]` in a regular expression and `08`, and reads 20,000 `else if`
// branches that acorn's recursion cannot. The verdict is otto's own, from otto's parser alone (src/otto/,
// engine/cmd/parser), kept in a cache by the function's text, so that a lint whose functions have not
// changed never starts it.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { threadFile } from '../paths.js';
import { compileModule, compileTrimmedModule, emptyImageMemory, moduleFile, programStart, readStartImage, startOttoParser, type OttoParser, type ProgramStart } from '../otto/load.js';
import type { ParserAnswer, ParserQuestion } from './parser-worker.js';
import { textDigest } from '../text-hash.js';
import type { OttoCommit } from '../releases/sync-runner.js';

/** Where otto refuses a function: its message, and the line and byte column in "(" + source + ")". */
export interface OttoSyntaxError {
  message: string;
  line: number;
  column: number;
}

/** null: otto reads the function. */
export type OttoVerdict = OttoSyntaxError | null;

/** What a lint run asks: otto's verdict on a source, or undefined when the engine cannot be had. */
export type OttoSyntaxCheck = (source: string) => Promise<OttoVerdict | undefined>;

/** Entries the cache keeps (the newest); a config has a few functions, a repository a few hundred. */
const CACHE_ENTRIES = 5000;
/** The longest message a cached verdict keeps (otto's messages are short; longer ones are not kept). */
const CACHED_MESSAGE_CHARS = 300;
/** A cache file larger than this is not read (it was not written by sgconf): 5,000 entries fit in it. */
const CACHE_FILE_BYTES = 2 * 1024 * 1024;
/** The cache file's format: its parser, then each verdict under its text's digest (textDigest). */
interface CacheFile {
  format: 2;
  /** The parser module the verdicts are its answers of (parserIdentity). */
  parser: string;
  verdicts: Record<string, OttoVerdict>;
}
const DIGEST = /^[0-9a-f]{64}$/;

/** A cached verdict as read from the file: null, or an error with a short message and positive position. */
function isVerdict(value: unknown): value is OttoVerdict {
  if (value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const { message, line, column, ...rest } = value as Record<string, unknown>;
  return Object.keys(rest).length === 0 && typeof message === 'string' && message.length <= CACHED_MESSAGE_CHARS
    && Number.isSafeInteger(line) && (line as number) >= 1 && Number.isSafeInteger(column) && (column as number) >= 1;
}

class Checker {
  private entries: Map<string, OttoVerdict> | null = null;
  private dirty = false;
  /** The digests of the sources of the last warm(), which a lint asks about next: each text is digested once. */
  private warmed = new Map<string, string>();

  /** `parser`: which build of otto's parser the verdicts are from (parserIdentity); null: not to be cached. */
  constructor(private readonly otto: OttoCommit, private readonly cacheFile: string | null, private readonly parser: string | null, private readonly parsers: OttoParsers) {}

  /** Starts otto's parser when the cache does not know one of `sources` (they will be asked soon); whether it did. */
  warm(sources: readonly string[]): boolean {
    const entries = this.load();
    this.warmed = new Map(sources.map((source) => [source, textDigest(source)]));
    if ([...this.warmed.values()].every((key) => entries.has(key))) return false;
    void this.parsers.prepare(this.otto);
    return true;
  }

  async check(source: string): Promise<OttoVerdict | undefined> {
    const entries = this.load();
    const key = this.warmed.get(source) ?? textDigest(source);
    const cached = entries.get(key);
    if (cached !== undefined) return cached;
    const answer = await this.parsers.check(this.otto, source);
    if (answer === undefined) return undefined;
    const parsed = JSON.parse(answer) as Partial<OttoSyntaxError>;
    const verdict = typeof parsed.message === 'string' ? { message: parsed.message, line: parsed.line ?? 1, column: parsed.column ?? 1 } : null;
    if (verdict === null || verdict.message.length <= CACHED_MESSAGE_CHARS) {
      entries.set(key, verdict);
      this.dirty = true;
    }
    return verdict;
  }

  private load(): Map<string, OttoVerdict> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    if (!this.cacheFile || !this.parser) return this.entries;
    try {
      // Only a cache of this parser's answers, in this format, within its size, is read; of it, only
      // entries of the form sgconf writes. Anything else is made again.
      if (statSync(this.cacheFile).size > CACHE_FILE_BYTES) return this.entries;
      const stored = JSON.parse(readFileSync(this.cacheFile, 'utf8')) as Partial<CacheFile> | null;
      if (stored?.format !== 2 || stored.parser !== this.parser || typeof stored.verdicts !== 'object' || stored.verdicts === null) return this.entries;
      for (const [key, verdict] of Object.entries(stored.verdicts)) {
        if (DIGEST.test(key) && isVerdict(verdict)) this.entries.set(key, verdict);
      }
    } catch {
      // No cache yet, or one that cannot be read: it is made again.
    }
    return this.entries;
  }

  /** Writes the cache if it learnt something: to a new file, then renamed, so that no reader sees half of it. */
  save(): void {
    if (!this.dirty || !this.cacheFile || !this.parser || !this.entries) return;
    this.dirty = false;
    const kept = [...this.entries].slice(-CACHE_ENTRIES);
    // The newest entries that fit in half the size a reader accepts (each about its key, its message and 60).
    let bytes = 0;
    let first = kept.length;
    while (first > 0 && (bytes += 130 + (kept[first - 1]![1]?.message.length ?? 0)) <= CACHE_FILE_BYTES / 2) first--;
    kept.splice(0, first);
    const file: CacheFile = { format: 2, parser: this.parser, verdicts: Object.fromEntries(kept) };
    try {
      mkdirSync(path.dirname(this.cacheFile), { recursive: true });
      const temporary = `${this.cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(file));
      renameSync(temporary, this.cacheFile);
      removeAbandonedTemporaries(this.cacheFile);
    } catch {
      // A cache that cannot be written costs time, never a result.
    }
  }
}

/** How old another process's temporary cache file is when it is taken for abandoned. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

/**
 * Removes the temporary files of `cacheFile` that processes ended before they could rename (killed while
 * writing): each would stay in the user's cache folder for good. A process writes and renames its own
 * within milliseconds, so one older than ABANDONED_AFTER_MS is no longer being written.
 */
function removeAbandonedTemporaries(cacheFile: string): void {
  const folder = path.dirname(cacheFile);
  const prefix = `${path.basename(cacheFile)}.`;
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(prefix) || !/^\d+\.tmp$/.test(name.slice(prefix.length))) continue;
    try {
      const file = path.join(folder, name);
      if (Date.now() - statSync(file).mtimeMs > ABANDONED_AFTER_MS) unlinkSync(file);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
}

/**
 * otto's parser, asked on this thread: a lint after a function changed then starts no thread (about 0.1 s).
 * It runs the module the build trimmed to the functions its questions reached, when there is one (started
 * from the start image only, src/otto/load.ts compileTrimmedModule): less than half the whole module, so
 * less to read and compile. A question that fails there is asked again of the whole module, here, from then
 * on. Go's WebAssembly recurses on the thread's own stack, and the main thread's is small: some 800 nested
 * parentheses overflow it. A question that the whole module fails here is asked again of ParserThread, which
 * has a large stack, and the program that failed is dropped (a Go program that failed can fail again later).
 */
class OttoParsers {
  /** The parser module of each otto, compiled on the first question: the trimmed one while it answers. */
  private readonly modules = new Map<OttoCommit, Promise<ParserModule | null>>();
  /** The parser of each otto here, and the module it runs. */
  private readonly here = new Map<OttoCommit, { module: WebAssembly.Module; parser: OttoParser }>();
  /** The memory the next parser of an otto starts in, its image not written yet (the module was read into it). */
  private readonly memories = new Map<OttoCommit, WebAssembly.Memory>();
  /** What the next parser of an otto here starts from, made while its module compiles. */
  private readonly starts = new Map<OttoCommit, ProgramStart>();
  private readonly thread = new ParserThread();

  async check(otto: OttoCommit, source: string): Promise<string | undefined> {
    const pending = this.prepare(otto);
    // The image is written into the next parser's memory here, while V8 still compiles the module, which
    // the first question waits for; its pages go where the module was read (compileTrimmedModule).
    this.prepareStart(otto);
    const compiled = await pending;
    // The trimmed module failed another question meanwhile: the whole one.
    if (this.modules.get(otto) !== pending) return this.check(otto, source);
    if (!compiled) return undefined;
    const answer = this.checkHere(otto, compiled.module, source);
    if (answer !== undefined) return answer;
    if (!compiled.trimmed) return this.thread.check(otto, compiled.module, source);
    this.modules.set(otto, wholeModule(otto));
    return this.check(otto, source);
  }

  /** Starts compiling the parser module of an otto (once): the trimmed one when its image names one; resolves to the module. */
  prepare(otto: OttoCommit): Promise<ParserModule | null> {
    let module = this.modules.get(otto);
    if (!module) {
      const image = readStartImage('parser', otto);
      let trimmed: Promise<WebAssembly.Module> | null = null;
      if (image) {
        try {
          const memory = emptyImageMemory(image);
          trimmed = compileTrimmedModule('parser', otto, image, memory);
          this.memories.set(otto, memory);
        } catch {
          // Nothing to start from here (a Node without WebAssembly): the whole module's compile then
          // fails too, and the function is judged by sgconf's own parser alone, as when no parser can be had.
        }
      }
      module = trimmed ? trimmed.then((compiled) => ({ module: compiled, trimmed: true }), () => wholeModule(otto)) : wholeModule(otto);
      this.modules.set(otto, module);
    }
    return module;
  }

  /** Makes what the next parser of an otto here starts from, unless a parser runs or its start is made. */
  private prepareStart(otto: OttoCommit): void {
    if (this.here.has(otto) || this.starts.has(otto)) return;
    const memory = this.memories.get(otto);
    this.memories.delete(otto);
    try {
      this.starts.set(otto, programStart('parser', otto, memory));
    } catch {
      // Met again, and answered, where the parser starts.
    }
  }

  private checkHere(otto: OttoCommit, module: WebAssembly.Module, source: string): string | undefined {
    const current = this.here.get(otto);
    let parser = current?.module === module ? current.parser : undefined;
    try {
      if (!parser) {
        current?.parser.stop();
        const from = this.starts.get(otto) ?? programStart('parser', otto);
        this.starts.delete(otto);
        this.here.set(otto, { module, parser: (parser = startOttoParser(module, from)) });
      }
      return parser.check(source);
    } catch {
      parser?.stop();
      this.here.delete(otto);
      return undefined;
    }
  }
}

/** A compiled parser module, and whether it is the trimmed one. */
interface ParserModule {
  module: WebAssembly.Module;
  trimmed: boolean;
}

function wholeModule(otto: OttoCommit): Promise<ParserModule | null> {
  return compileModule('parser', otto).then((module) => ({ module, trimmed: false }), () => null);
}

/** Stack of the parser's thread (as the engine's workers have). */
const PARSER_STACK_MB = 64;

type WorkerThread = import('node:worker_threads').Worker;

/**
 * The thread that asks otto's parser what the main thread's stack cannot, started on the first such
 * question. When it fails only it ends: the function is then judged by sgconf's own parser alone. It keeps
 * the process alive only while it has questions to answer.
 */
class ParserThread {
  /** The thread, or the promise of it while it starts (concurrent questions must not start two). */
  private worker: Promise<WorkerThread | null> | null = null;
  private readonly waiting = new Map<number, (answer: string | undefined) => void>();
  private nextId = 1;

  async check(otto: OttoCommit, module: WebAssembly.Module, source: string): Promise<string | undefined> {
    const worker = await this.thread();
    if (!worker) return undefined;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.ref();
      worker.postMessage({ id, otto, source, module } satisfies ParserQuestion);
    });
  }

  private thread(): Promise<WorkerThread | null> {
    this.worker ??= this.start();
    return this.worker;
  }

  private async start(): Promise<WorkerThread | null> {
    const { Worker } = await import('node:worker_threads');
    let worker: WorkerThread;
    try {
      worker = new Worker(threadFile('dist/functions/parser-worker.js', 'dist/sgconf-parser-worker.cjs'), { resourceLimits: { stackSizeMb: PARSER_STACK_MB } });
    } catch {
      return null;
    }
    worker.on('message', ({ id, answer }: ParserAnswer) => {
      this.waiting.get(id)?.(answer ?? undefined);
      this.waiting.delete(id);
      if (this.waiting.size === 0) worker.unref();
    });
    const ended = () => {
      this.worker = null;
      for (const resolve of this.waiting.values()) resolve(undefined);
      this.waiting.clear();
    };
    worker.on('error', ended);
    worker.on('exit', ended);
    return worker;
  }
}

/** sgconf's cache folder: $SGCONF_CACHE_DIR, else $XDG_CACHE_HOME/sgconf, else ~/.cache/sgconf; null: none. */
function cacheFolder(env: NodeJS.ProcessEnv): string | null {
  if (env.SGCONF_CACHE_DIR !== undefined) return env.SGCONF_CACHE_DIR === '' ? null : env.SGCONF_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return path.join(env.XDG_CACHE_HOME, 'sgconf');
  const home = os.homedir();
  return home ? path.join(home, '.cache', 'sgconf') : null;
}

const checkers = new Map<OttoCommit, Checker>();
const parsers = new OttoParsers();

/**
 * otto's verdict on sources for the otto a release pins, one checker per process (its cache is written
 * when the process ends).
 */
export function ottoSyntaxCheck(otto: OttoCommit): OttoSyntaxCheck {
  const owner = checkerOf(otto);
  return (source) => owner.check(source);
}

/**
 * Starts otto's parser (of the otto a release pins) when its cache does not know one of `sources`, so that
 * its module compiles while the rest of a lint runs, before the questions come.
 */
export function warmOttoSyntax(otto: OttoCommit, sources: readonly string[]): boolean {
  return checkerOf(otto).warm(sources);
}

/**
 * Which build of otto's parser answers (its module file's size and time): a cache holds the answers of one
 * build only, so that a new sgconf (a new Go, a new otto) never reads the verdicts of an older one. null
 * when the module cannot be found (nothing is cached then).
 */
function parserIdentity(otto: OttoCommit): string | null {
  try {
    const { size, mtimeMs } = statSync(moduleFile('parser', otto));
    return `${size}-${Math.trunc(mtimeMs)}`;
  } catch {
    return null;
  }
}

function checkerOf(otto: OttoCommit): Checker {
  let checker = checkers.get(otto);
  if (!checker) {
    const folder = cacheFolder(process.env);
    checker = new Checker(otto, folder ? path.join(folder, `otto-syntax-${otto}.json`) : null, parserIdentity(otto), parsers);
    checkers.set(otto, checker);
    if (checkers.size === 1) process.once('exit', () => { for (const c of checkers.values()) c.save(); });
  }
  return checker;
}
