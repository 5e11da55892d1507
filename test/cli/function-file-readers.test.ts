// Which configs the language server analyses on a change of a function file's buffer: every config that
// may read it, and no other once each has been analysed with its present text and options.
import { describe, expect, it } from 'vitest';
import { FunctionFileReaders } from '../../src/cli/function-file-readers.js';
import type { ResolvedFunction } from '../../src/functions/types.js';
import type { LintOptions } from '../../src/lint.js';

const TEXT = 'name: orders\nbucket: orders\nsync: orders-sync.js\n';
const OPTIONS: LintOptions = { cwd: '/repo/config', env: { A: '1' }, placeholders: new Set(['B']) };
const named = (...files: string[]) => files.map((filePath) => ({ filePath }) as ResolvedFunction);

function readersAfter(text: string, options: LintOptions, functions: readonly ResolvedFunction[]): FunctionFileReaders {
  const readers = new FunctionFileReaders();
  readers.remember('/repo/config/orders.yaml', text, options, functions);
  return readers;
}

describe('FunctionFileReaders', () => {
  it.each([
    ['a config never analysed', new FunctionFileReaders(), TEXT, OPTIONS, '/repo/config/other.js', true],
    ['the file it named', readersAfter(TEXT, OPTIONS, named('/repo/config/orders-sync.js')), TEXT, OPTIONS, '/repo/config/orders-sync.js', true],
    ['a file it did not name', readersAfter(TEXT, OPTIONS, named('/repo/config/orders-sync.js')), TEXT, OPTIONS, '/repo/config/other.js', false],
    ['a config that named none', readersAfter(TEXT, OPTIONS, named()), TEXT, OPTIONS, '/repo/config/other.js', false],
    ['its text changed', readersAfter(TEXT, OPTIONS, named('/repo/config/orders-sync.js')), `${TEXT}import_filter: other.js\n`, OPTIONS, '/repo/config/other.js', true],
    ['a variable changed', readersAfter(TEXT, OPTIONS, named()), TEXT, { ...OPTIONS, env: { A: '2' } }, '/repo/config/other.js', true],
    ['a placeholder added', readersAfter(TEXT, OPTIONS, named()), TEXT, { ...OPTIONS, placeholders: new Set(['B', 'C']) }, '/repo/config/other.js', true],
    ['another working directory', readersAfter(TEXT, OPTIONS, named()), TEXT, { ...OPTIONS, cwd: '/repo' }, '/repo/config/other.js', true],
    // The open buffers' texts change what a function says, never which files a config names.
    ['another buffer open', readersAfter(TEXT, OPTIONS, named()), TEXT, { ...OPTIONS, openFiles: new Map([['/repo/config/other.js', 'x']]) }, '/repo/config/other.js', false],
    // Options that hold a function: nothing is taken as known.
    ['options per file', readersAfter(TEXT, { ...OPTIONS, perFile: async () => undefined }, named()), TEXT, { ...OPTIONS, perFile: async () => undefined }, '/repo/config/other.js', true],
  ])('%s', (_name, readers, text, options, functionFile, expected) => {
    expect(readers.mayRead('/repo/config/orders.yaml', text, options, functionFile)).toBe(expected);
  });
});
