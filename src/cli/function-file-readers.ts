// Which configs may read a function file, remembered from each config's last analysis: on every change of
// a function file's buffer the language server analyses the configs that may read it, not every config of
// the repository's sources (2 ms each: 150 configs made each keystroke's findings 0.4 s late).
import type { LintOptions } from '../lint.js';
import type { ResolvedFunction } from '../functions/types.js';

/** A config's last analysis: what it was given, and every file it would read a function from. */
interface Analysed {
  text: string;
  options: string;
  files: ReadonlySet<string>;
}

export class FunctionFileReaders {
  private readonly analysed = new Map<string, Analysed>();

  /**
   * Whether the config, with this text and these options, may read the function file: false only when its
   * last analysis had the same text and options and named no such file. Which files a config names depends
   * on nothing else (a name is resolved whether or not its file exists).
   */
  mayRead(configFile: string, text: string, options: LintOptions, functionFile: string): boolean {
    const last = this.analysed.get(configFile);
    const key = optionsKey(options);
    return last === undefined || key === null || last.text !== text || last.options !== key || last.files.has(functionFile);
  }

  /** Keeps what an analysis of the config with this text and these options found it names. */
  remember(configFile: string, text: string, options: LintOptions, functions: readonly ResolvedFunction[]): void {
    const key = optionsKey(options);
    if (key === null) return;
    const files = new Set(functions.flatMap((fn) => (fn.filePath === undefined ? [] : [fn.filePath])));
    this.analysed.set(configFile, { text, options: key, files });
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
