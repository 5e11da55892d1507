// The thread that asks otto's parser for lint when the main thread's stack is too small for a function
// (otto-syntax.ts starts it): otto's parser alone (engine/cmd/parser), one per otto a release pins. Should
// it fail, the thread answers null and ends: a Go program that failed can fail again later, and the next
// question starts a new thread.
import { parentPort } from 'node:worker_threads';
import { programStart, startOttoParser, type OttoParser } from '../otto/load.js';
import type { OttoCommit } from '../releases/sync-runner.js';

export interface ParserQuestion {
  id: number;
  otto: OttoCommit;
  source: string;
  /** otto's parser module, compiled by the thread that asks. */
  module: WebAssembly.Module;
}

/** otto's answer (OttoParser.check), or null when the parser failed. */
export interface ParserAnswer {
  id: number;
  answer: string | null;
}

const parsers = new Map<OttoCommit, OttoParser>();

parentPort?.on('message', ({ id, otto, source, module }: ParserQuestion) => {
  try {
    let parser = parsers.get(otto);
    if (!parser) parsers.set(otto, (parser = startOttoParser(module, programStart('parser', otto))));
    parentPort!.postMessage({ id, answer: parser.check(source) } satisfies ParserAnswer);
  } catch {
    parentPort!.postMessage({ id, answer: null } satisfies ParserAnswer);
    process.exit(1);
  }
});
