#!/usr/bin/env node
// Build step after tsc: the start images (src/otto/start-image.ts) of the newest releases' otto, each
// program started (the engine also prepared: underscore.js), which a thread then starts from instead of
// running Go's start: dist/engine-start-<otto>.bin for the sandbox's workers, dist/parser-start-<otto>.bin
// for lint's otto parser, with dist/parser-trimmed-<otto>.wasm, the parser's module trimmed to the functions
// questions reach. Also dist/engine-start.json, which names the engine's module for the launcher.
// Made on the machine that builds (not committed); without an image, or with one for another module, a
// program starts as before.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';
import { ENTRY_MAP_BYTES, keepFunctions, markedFunctions, markFunctionEntries } from './engine-module.mjs';
import { PARSER_QUESTIONS } from './parser-questions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const { captureStartImage, hintedModuleFile, imageMemory, moduleFile, readData, startImageFile, startOttoParser, trimmedModuleFile } = await import(pathToFileURL(path.join(dist, 'otto', 'load.js')).href);
const { withCompilationHints } = await import(pathToFileURL(path.join(dist, 'otto', 'compilation-hints.js')).href);
const { runHotPath } = await import(pathToFileURL(path.join(dist, 'sync', 'hot-path.js')).href);
const { decodeStartImage, withHeader } = await import(pathToFileURL(path.join(dist, 'otto', 'start-image.js')).href);
const { DEFAULT_OTTO } = await import(pathToFileURL(path.join(dist, 'sync', 'engine.js')).href);
const written = [];
const write = (url, bytes) => {
  const file = fileURLToPath(url);
  writeFileSync(`${file}.tmp`, bytes);
  renameSync(`${file}.tmp`, file);
  written.push(`${path.relative(root, file)} (${(bytes.length / 1e6).toFixed(1)} MB)`);
};

/**
 * otto's parser's module with only the functions that PARSER_QUESTIONS reach (scripts/engine-module.mjs
 * keepFunctions), found by asking them of the module with its function entries marked, started from the
 * parser's image as lint starts it: each question as the first after a start, as a lint asks one; then,
 * as a lint of a repository or an editor's session does, all of them followed by the small ones 2,000
 * times, and the small ones 2,000 times in three other orders (Go then collects its garbage at other
 * moments of a question, which reaches other functions: in a row of 20,000 small functions, none is left
 * to the whole module here; Go's background scavenger, which returns freed memory, still can be).
 */
function trimParserModule(moduleBytes, image) {
  const marked = new WebAssembly.Module(markFunctionEntries(moduleBytes));
  const reached = new Set();
  const ask = (questions) => {
    const from = { image, memory: imageMemory(image) };
    const parser = startOttoParser(marked, from);
    for (const question of questions) parser.check(question);
    parser.stop();
    for (const index of markedFunctions(new Uint8Array(from.memory.buffer, 0, ENTRY_MAP_BYTES))) reached.add(index);
  };
  for (const question of PARSER_QUESTIONS) ask([question]);
  const small = PARSER_QUESTIONS.filter((question) => question.length < 10_000);
  const again = (step) => Array.from({ length: 2_000 }, (_, i) => small[(i * step) % small.length]);
  ask([...PARSER_QUESTIONS, ...again(1)]);
  for (const step of [3, 7, 11]) ask(again(step));
  return withCompilationHints(keepFunctions(moduleBytes, reached));
}

/** Where the engine's run below keeps its entry map: after the engine's dirty map (scripts/engine-module.mjs). */
const ENGINE_ENTRY_MAP_AT = 4096;

/**
 * The engine's module with compilation hints (src/otto/compilation-hints.ts): eager for the functions that
 * compiling a sync function of the usual shape and running a few writes through it reach (src/sync/hot-path.ts),
 * found as trimParserModule finds the parser's, from the engine's image; every other function lazy.
 */
async function hintEngineModule(moduleBytes, image) {
  const marked = new WebAssembly.Module(markFunctionEntries(moduleBytes, ENGINE_ENTRY_MAP_AT));
  const from = { image, memory: imageMemory(image) };
  const results = await runHotPath(marked, from);
  if (!results) throw new Error('engine-image: the engine did not run the hot path\'s function');
  return withCompilationHints(moduleBytes, new Set(markedFunctions(new Uint8Array(from.memory.buffer, ENGINE_ENTRY_MAP_AT, ENTRY_MAP_BYTES))));
}

/** A program's module and its start image. */
function started(program) {
  const moduleBytes = readFileSync(moduleFile(program, DEFAULT_OTTO));
  return { moduleBytes, image: captureStartImage(program, moduleBytes, readData(program, DEFAULT_OTTO)) };
}

const engine = started('engine');
const engineImage = decodeStartImage(engine.image);
const hinted = await hintEngineModule(engine.moduleBytes, engineImage);
write(hintedModuleFile('engine', DEFAULT_OTTO), hinted);
write(startImageFile('engine', DEFAULT_OTTO), withHeader(engine.image, { ...engineImage.header, hintedModuleBytes: hinted.length }));
// The parser's image names the trimmed module written with it.
const parser = started('parser');
const parserImage = decodeStartImage(parser.image);
const trimmed = trimParserModule(parser.moduleBytes, parserImage);
write(trimmedModuleFile('parser', DEFAULT_OTTO), trimmed);
write(startImageFile('parser', DEFAULT_OTTO), withHeader(parser.image, { ...parserImage.header, trimmedModuleBytes: trimmed.length }));
// Which module the sandbox starts, for the launcher (src/launch.cts), which compiles it while the CLI loads.
const named = { generatedBy: 'scripts/engine-image.mjs', otto: DEFAULT_OTTO, module: path.relative(root, fileURLToPath(hintedModuleFile('engine', DEFAULT_OTTO))) };
writeFileSync(path.join(dist, 'engine-start.json'), `${JSON.stringify(named, null, 2)}\n`);
process.stderr.write(`engine-image: ${written.join(', ')}, dist/engine-start.json\n`);
// The programs wait for calls forever: end here.
process.exit(0);
