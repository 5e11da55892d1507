// What every command that lints takes from the tool config and the shared options (--target).
import type { LintOptions } from '../lint.js';
import type { LoadedToolConfig } from '../config/index.js';
import { resolveTarget } from './args.js';
import type { Release } from '../releases/index.js';

export interface SharedOptionValues {
  target?: string;
  'no-remote'?: boolean;
}

/** Lint options from the tool config, with the command line winning over it. */
export function lintOptionsFrom(tool: LoadedToolConfig, values: SharedOptionValues, oldestTarget?: Release): LintOptions & { target: Release } {
  const config = tool.config;
  return {
    target: resolveTarget(values.target, config.target, oldestTarget),
    remote: values['no-remote'] ? false : (config.remote ?? true),
    rules: config.rules,
    caFiles: config.caFiles,
    remoteTimeoutMs: config.remoteTimeoutMs,
    settings: config.edition ? { edition: config.edition } : undefined,
  };
}
