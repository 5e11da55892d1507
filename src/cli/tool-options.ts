// What every command that lints takes from the tool config and the shared options: the target release
// and the deployment (env files, host mode), remote fetching, rule settings.
import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import type { LintOptions } from '../lint.js';
import type { LoadedToolConfig } from '../config/index.js';
import { deploymentEnvironment, parseEnvFile } from '../config/env-file.js';
import { UsageError } from './io.js';
import { resolveTarget } from './args.js';
import type { Release } from '../releases/index.js';
import type { FileResult } from '../types.js';

/** The options of lint, convert and build that say which release and which deployment a config is for. */
export const DEPLOYMENT_OPTIONS = {
  target: { type: 'string' },
  'env-file': { type: 'string', multiple: true },
  host: { type: 'boolean' },
} as const;

export interface SharedOptionValues {
  target?: string;
  'env-file'?: string[];
  host?: boolean;
  'no-remote'?: boolean;
}

export interface Deployment {
  options: LintOptions & { target: Release };
  /** Lines of env files that are not NAME=value (reported like tool-config problems). */
  problems: FileResult[];
}

/**
 * Lint options from the tool config, with the command line winning over it. `baseEnv` is the environment
 * that expansion starts from (null: no expansion); env files then declare the deployment's variables.
 */
export function deploymentFrom(tool: LoadedToolConfig, values: SharedOptionValues, cwd: string, baseEnv: Record<string, string | undefined> | null, oldestTarget?: Release): Deployment {
  const config = tool.config;
  const envFiles = [...config.envFiles, ...(values['env-file'] ?? []).map((f) => path.resolve(cwd, f))];
  const problems: FileResult[] = [];
  const declared: Map<string, string>[] = [];
  for (const file of envFiles) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`cannot read the env file ${path.relative(cwd, file) || file}: ${code === 'ENOENT' ? 'no such file' : code ?? String(error)}`);
    }
    const parsed = parseEnvFile(text);
    declared.push(parsed.values);
    if (parsed.problems.length > 0) {
      problems.push({
        file: path.relative(cwd, file) || file, kind: null,
        diagnostics: parsed.problems.map((p) => ({ rule: 'config/env-file', severity: 'error', message: p.message, pointer: '', line: p.line, column: p.column, endLine: p.line, endColumn: p.column })),
      });
    }
  }
  const deployment = baseEnv === null ? null : deploymentEnvironment(baseEnv, declared);
  return {
    problems,
    options: {
      target: resolveTarget(values.target, config.target, oldestTarget),
      env: deployment?.env ?? null,
      placeholders: deployment?.placeholders,
      host: values.host ?? config.host ?? false,
      remote: values['no-remote'] ? false : (config.remote ?? true),
      rules: config.rules,
      caFiles: config.caFiles,
      remoteTimeoutMs: config.remoteTimeoutMs,
      settings: config.edition ? { edition: config.edition } : undefined,
    },
  };
}
