// Which function files each config names, remembered from its last reading: on every change of a function
// file's buffer the language server lints the configs that name it, and reads again only the configs whose
// text or options changed since (a repository's sources may hold hundreds of configs).
import type { LintOptions } from '../lint.js';

/** A config's last reading: what it was given, and every file it names a function from. */
interface Reading {
  text: string;
  options: string;
  files: ReadonlySet<string>;
}

export class NamedFunctionFiles {
  private readonly last = new Map<string, Reading>();

  /**
   * The files the config names with this text and these options: those of its last reading when they
   * were the same, else what `read` finds. Which files a config names depends on nothing else (a name is
   * resolved whether or not its file exists).
   */
  async of(configFile: string, text: string, options: LintOptions, read: () => Promise<readonly string[]>): Promise<ReadonlySet<string>> {
    const key = optionsKey(options);
    const last = this.last.get(configFile);
    if (key !== null && last !== undefined && last.text === text && last.options === key) return last.files;
    const files = new Set(await read());
    if (key !== null) this.last.set(configFile, { text, options: key, files });
    return files;
  }
}

/**
 * The options as a text, without the open buffers' texts and the fetch cache (neither changes a name); null
 * when they hold a function, whose effect no text can stand for.
 */
function optionsKey(options: LintOptions): string | null {
  if (options.perFile !== undefined) return null;
  return JSON.stringify(options, (key, value: unknown) => {
    if (key === 'openFiles' || key === 'fetchCache') return undefined;
    if (value instanceof Set || value instanceof Map) return [...value];
    return value;
  });
}
