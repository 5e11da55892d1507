// The function files each config names, as the language server remembers them: read again whenever the
// config's text or options change, and only then.
import { describe, expect, it } from 'vitest';
import { NamedFunctionFiles } from '../../src/cli/named-function-files.js';
import type { LintOptions } from '../../src/lint.js';

const CONFIG = '/repo/config/orders.yaml';
const TEXT = 'name: orders\nbucket: orders\nsync: orders-sync.js\n';
const OPTIONS: LintOptions = { cwd: '/repo/config', env: { A: '1' }, placeholders: new Set(['B']) };

/** Whether a second reading of the config, after one with TEXT and OPTIONS, is read again (or remembered). */
async function readAgain(first: LintOptions, text: string, options: LintOptions): Promise<{ readAgain: boolean; files: string[] }> {
  const named = new NamedFunctionFiles();
  await named.of(CONFIG, TEXT, first, async () => ['/repo/config/orders-sync.js']);
  let read = false;
  const files = await named.of(CONFIG, text, options, async () => { read = true; return ['/repo/config/other.js']; });
  return { readAgain: read, files: [...files] };
}

describe('NamedFunctionFiles', () => {
  it.each<[string, LintOptions, string, LintOptions, boolean]>([
    ['the same text and options', OPTIONS, TEXT, { ...OPTIONS }, false],
    ['its text changed', OPTIONS, `${TEXT}import_filter: other.js\n`, OPTIONS, true],
    ['a variable changed', OPTIONS, TEXT, { ...OPTIONS, env: { A: '2' } }, true],
    ['a placeholder added', OPTIONS, TEXT, { ...OPTIONS, placeholders: new Set(['B', 'C']) }, true],
    ['another working directory', OPTIONS, TEXT, { ...OPTIONS, cwd: '/repo' }, true],
    ['another target', OPTIONS, TEXT, { ...OPTIONS, target: '3.1' }, true],
    // The open buffers' texts change what a function says, never which files a config names.
    ['another buffer open', OPTIONS, TEXT, { ...OPTIONS, openFiles: new Map([['/repo/config/other.js', 'x']]) }, false],
    // Options that hold a function: nothing is taken as known.
    ['options per file', { ...OPTIONS, perFile: async () => undefined }, TEXT, { ...OPTIONS, perFile: async () => undefined }, true],
  ])('%s', async (_name, first, text, options, expected) => {
    expect(await readAgain(first, text, options)).toEqual({ readAgain: expected, files: [expected ? '/repo/config/other.js' : '/repo/config/orders-sync.js'] });
  });

  it('keeps each config apart', async () => {
    const named = new NamedFunctionFiles();
    await named.of(CONFIG, TEXT, OPTIONS, async () => ['/repo/config/orders-sync.js']);
    expect([...await named.of('/repo/config/users.yaml', TEXT, OPTIONS, async () => ['/repo/config/users-sync.js'])]).toEqual(['/repo/config/users-sync.js']);
  });
});
