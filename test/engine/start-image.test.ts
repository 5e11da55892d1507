// The engine started from its start image (src/otto/start-image.ts) is the engine started by running Go's
// start: the same answers, call after call, whatever the function does with the state it finds.
import { describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { captureStartImage, compileTrimmedModule, emptyImageMemory, imageMemory, moduleFile, programStart, readData, readStartImage, startGoProgram, startOttoParser, trimmedModuleFile, type GoProgram, type GoState } from '../../src/otto/load.js';
import { decodeStartImage, type StartImage } from '../../src/otto/start-image.js';
import { DEFAULT_OTTO } from '../../src/sync/engine.js';
import { withCompilationHints } from '../../src/otto/compilation-hints.js';

const bytes = readFileSync(moduleFile('engine', DEFAULT_OTTO));
const data = readData('engine', DEFAULT_OTTO);
// Every function lazy, as sgconf compiles a module (the tests run under NODE_FLAGS: src/otto/compilation-hints.ts).
const compile = (moduleBytes: Uint8Array) => new WebAssembly.Module(withCompilationHints(moduleBytes) as Uint8Array<ArrayBuffer>);
const module = compile(bytes);
const LIMIT = 512 * 1024 * 1024;
const outOfMemory = () => new Error('out of memory');

/**
 * Compiles one function in the program's first state and runs calls of it, each from the state after
 * compiling, as the sandbox does.
 */
function answers(program: GoProgram, first: GoState): unknown[] {
  program.restore(first);
  const source = `function (doc, oldDoc) {
    if (typeof counter === 'undefined') counter = 0;
    counter++;
    channel(_.map(_.keys(doc), function (k) { return k + ':' + counter; }));
    if (doc.random) channel('r' + Math.floor(Math.random() * 1e9));
    if (doc.deny) throw({forbidden: 'no ' + Object.keys(doc).join(',')});
    access(doc.owner || 'nobody', _.uniqueId('c'));
  }`;
  const compiled = JSON.parse(program.api.compile('sync', source, JSON.stringify({ stackDepthLimit: 0 }))) as { id: number };
  const state = program.save();
  const calls = [{ a: 1, b: 2, owner: 'ann' }, { deny: true, z: 1, y: 2, x: 3 }, { random: true }, { a: 1, b: 2, owner: 'ann' }];
  return calls.map((doc, i) => {
    program.restore(state);
    const [result] = JSON.parse(program.api.run(JSON.stringify({ program: compiled.id, calls: [{ doc, oldDoc: '', numbers: 'convert', userCtx: null }], seeds: [i + 1] }))) as Record<string, unknown>[];
    delete result!.micros;
    return result;
  });
}

/** The answers of the engine started from `image` twice (the second time from its first state put back), and of one started by running Go. */
function imageAndStarted(image: StartImage): { fromImage: unknown[][]; expected: unknown[] } {
  const started = startGoProgram(module, LIMIT, outOfMemory, { data });
  const fromImage = startGoProgram(module, LIMIT, outOfMemory, { image, memory: imageMemory(image) });
  const [startedFirst, imageFirst] = [started.save(), fromImage.save()];
  return { fromImage: [answers(fromImage, imageFirst), answers(fromImage, imageFirst)], expected: answers(started, startedFirst) };
}

describe('the engine started from its start image', () => {
  it('answers as the engine started by running Go', () => {
    const image = decodeStartImage(captureStartImage('engine', bytes, data))!;
    expect(image.header.moduleBytes).toBe(bytes.length);
    const { fromImage, expected } = imageAndStarted(image);
    // Again, from the first state put back (served from the image's pages): the same.
    expect(fromImage).toEqual([expected, expected]);
    // The calls used underscore.js, a global, Math.random and a throw: the comparison compared something.
    expect(JSON.stringify(expected)).toContain('a:1');
    expect(JSON.stringify(expected)).toContain('"kind":"threw"');
    expect(JSON.stringify(expected)).toMatch(/"r[0-9]+"/);
  });

  it('the build made one for the module there is, read from its file as needed, and bytes that are no image are none', () => {
    const image = readStartImage('engine', DEFAULT_OTTO)!;
    expect(image.header.moduleBytes).toBe(bytes.length);
    // The pages are read from the file as the program starts and as its first state is put back.
    const { fromImage, expected } = imageAndStarted(image);
    expect(fromImage).toEqual([expected, expected]);
    expect(decodeStartImage(new Uint8Array([1, 0, 0, 0, 0x7b]))).toBeNull();
    expect(decodeStartImage(new Uint8Array(3))).toBeNull();
  });
});

describe('otto\'s parser started from its start image', () => {
  it('answers as the parser started by running Go', async () => {
    expect(readStartImage('parser', DEFAULT_OTTO)?.header.moduleBytes).toBe(readFileSync(moduleFile('parser', DEFAULT_OTTO)).length);
    const parserModule = compile(readFileSync(moduleFile('parser', DEFAULT_OTTO)));
    const from = programStart('parser', DEFAULT_OTTO);
    expect('image' in from).toBe(true);
    const [fromImage, started] = [startOttoParser(parserModule, from), startOttoParser(parserModule, { data: readData('parser', DEFAULT_OTTO) })];
    const sources = ['function (doc) { channel(doc.c); }', 'function (doc) { return doc.n === 08; }', 'function (doc) { if (/[^]/.test(doc.x)) {} }', 'function (doc) {'];
    const answers = sources.map((source) => fromImage.check(source));
    expect(answers).toEqual(sources.map((source) => started.check(source)));
    // Each source is one otto judges its own way: the comparison compared something.
    expect(answers[0]).toBe('{}');
    expect(answers[1]).toContain('Unexpected token ILLEGAL');
    expect(answers[2]).toContain('Invalid regular expression');
    expect(answers[3]).toContain('Unexpected token )');
    fromImage.stop();
    started.stop();
  });

  it('runs the module the build trimmed to the functions its questions reached: the same answers, and a trap where a function is missing', async () => {
    const image = readStartImage('parser', DEFAULT_OTTO)!;
    expect(image.header.trimmedModuleBytes).toBe(statSync(trimmedModuleFile('parser', DEFAULT_OTTO)).size);
    expect(image.header.trimmedModuleBytes).toBeLessThan(readFileSync(moduleFile('parser', DEFAULT_OTTO)).length / 2);
    const trimmedModule = await compileTrimmedModule('parser', DEFAULT_OTTO, image)!;
    const wholeModule = compile(readFileSync(moduleFile('parser', DEFAULT_OTTO)));
    const [trimmed, whole] = [startOttoParser(trimmedModule, programStart('parser', DEFAULT_OTTO)), startOttoParser(wholeModule, programStart('parser', DEFAULT_OTTO))];
    const sources = ['function (doc, oldDoc) { if (!/^[a-z]+$/.test(doc.type)) throw({forbidden: "type"}); channel("c-" + doc.owner); }', 'function (doc) { return doc.n === 08; }', 'function (doc) { var é = "café"; }', 'function (doc) {'];
    const answers = sources.map((source) => trimmed.check(source));
    expect(answers).toEqual(sources.map((source) => whole.check(source)));
    expect(answers.filter((answer) => answer === '{}')).toHaveLength(2);
    // otto refuses a line separator (U+2028) in a string in a function no question reached (scripts/parser-questions.mjs).
    const separator = 'function (doc) { return "\u2028"; }';
    expect(whole.check(separator)).toContain('Unexpected token ILLEGAL');
    expect(() => trimmed.check(separator)).toThrow(/unreachable/);
    // The program is broken from then on: every question fails, none is answered wrong.
    expect(() => trimmed.check(sources[0]!)).toThrow(/unreachable/);
    whole.stop();
  });

  it('reads the trimmed module into the memory its program starts in, where the image then writes every byte it read', async () => {
    const image = readStartImage('parser', DEFAULT_OTTO)!;
    const memory = emptyImageMemory(image);
    const moduleBytes = readFileSync(trimmedModuleFile('parser', DEFAULT_OTTO));
    const compiled = compileTrimmedModule('parser', DEFAULT_OTTO, image, memory)!;
    // The module's bytes are in the memory, at a run of the image's pages.
    const pages = new Uint8Array(memory.buffer);
    const at = Buffer.from(pages.buffer).indexOf(moduleBytes.subarray(0, 4096));
    expect(at).toBeGreaterThan(0);
    expect(Buffer.compare(pages.subarray(at, at + moduleBytes.length), moduleBytes)).toBe(0);
    const module = await compiled;
    // Written, the memory is the image's, byte for byte, as a fresh one is: nothing of the module is left.
    imageMemory(image, memory);
    expect(Buffer.compare(new Uint8Array(memory.buffer), new Uint8Array(imageMemory(image).buffer))).toBe(0);
    const parser = startOttoParser(module, { image, memory });
    expect(parser.check('function (doc) { channel(doc.channels); }')).toBe('{}');
    expect(parser.check('function (doc) { var r = /[^]/; }')).toContain('Invalid regular expression');
    parser.stop();
  });
});
