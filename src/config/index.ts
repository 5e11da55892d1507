// The tool's own config (`.sgconfrc`, `.sgconfrc.json|yaml|yml|js|mjs`, `sgconf.config.js|mjs`,
// `package.json#sgconf`), found from the working directory upward. A typo in it is reported, never ignored.
// JSON and YAML ones are read here as data; only a JavaScript one runs, on request (js-tool-config.ts).
import { existsSync } from 'node:fs';
import { MAX_CONFIG_BYTES, readRegularFileSync } from '../fs-async.js';
import * as path from 'node:path';
import { homedir } from 'node:os';
import type { FileResult, RuleSetting } from '../types.js';
import { isObject } from '../types.js';
import { findLocNode, JsonSyntaxError, parseJsonWithLocations, type LocNode } from '../source/json.js';
import { LineIndex } from '../source/offset-map.js';
import { findRule, allRules } from '../rules/index.js';
import { closestMatch } from '../distance.js';
import { parseHostEntry } from '../functions/hosts.js';
import { parseRelease, RELEASES, type Release } from '../releases/index.js';

export interface ToolConfig {
  rules: Record<string, RuleSetting>;
  ignore: string[];
  /** Glob patterns of more file names a folder search takes (`*.conf`, `*.json.template`), besides *.json, *.yaml, *.yml. */
  include: string[];
  /**
   * Glob patterns of build sources (`config/**`): 3.x configs that name their functions' files relative to
   * themselves, as `sgconf build` compiles them, rather than deployable configs.
   */
  sources: string[];
  env: Record<string, string>;
  /** Variables of the process environment that `$VAR` may expand from (none unless named). */
  passEnv: string[];
  remote: boolean | undefined;
  /** Hosts remote function sources may be fetched from (no other is asked). */
  remoteHosts: string[];
  caFiles: string[];
  remoteTimeoutMs: number | undefined;
  edition: 'ee' | 'ce' | undefined;
  /** The gateway release to judge for (`--target` wins). */
  target: Release | undefined;
  /** Env files declaring the deployment's variables (paths resolved against the tool config's folder). */
  envFiles: string[];
  /** This machine is the gateway host. */
  host: boolean | undefined;
  /** Files or folders outside the repository that the config's file paths may name (resolved). */
  allowPaths: string[];
  /** Findings not reported, by glob and rule, each with the reason the report shows. */
  suppressions: Suppression[];
  /** Settings for the files globs match (later entries win): the release they are for, rule settings. */
  overrides: Override[];
}

/** What an override may set for the files it matches. */
const OVERRIDE_SETTINGS = ['target', 'rules', 'envFiles'] as const;

/** An override of the tool config: for the files `files` matches, another target, rule settings, env files. */
export interface Override {
  files: string[];
  target?: Release;
  rules: Record<string, RuleSetting>;
  /** The deployment's env files for these files, instead of the tool config's (resolved paths). */
  envFiles?: string[];
}

/** A suppression of the tool config: the findings of `rules` in the files `files` matches are not reported. */
export interface Suppression {
  files: string[];
  rules: string[];
  reason: string;
  /** Its place in the tool config (for the warning when it suppresses nothing). */
  at: { line: number; column: number; endLine: number; endColumn: number };
  pointer: string;
}

export interface LoadedToolConfig {
  config: ToolConfig;
  /** The file it came from, or null when there is none. */
  filepath: string | null;
  /** Problems in the tool config itself (reported as a result for that file). */
  problems: FileResult | null;
}

const SEARCH_PLACES = [
  'package.json', '.sgconfrc', '.sgconfrc.json', '.sgconfrc.yaml', '.sgconfrc.yml',
  '.sgconfrc.js', '.sgconfrc.mjs', '.sgconfrc.cjs', 'sgconf.config.js', 'sgconf.config.mjs', 'sgconf.config.cjs',
];
const KEYS = ['rules', 'ignore', 'include', 'sources', 'suppressions', 'overrides', 'env', 'passEnv', 'remote', 'remoteHosts', 'caFiles', 'remoteTimeoutMs', 'edition', 'target', 'envFiles', 'host', 'allowPaths'];
const SETTINGS: RuleSetting[] = ['off', 'info', 'warning', 'error'];

/**
 * Whether a file name is one of sgconf's tool configs (package.json aside, which is one only with its
 * "sgconf" key): 'data' for JSON and YAML, 'javascript' for one that runs code; null for any other name.
 */
export function toolConfigName(name: string): 'data' | 'javascript' | null {
  if (name === 'package.json' || !SEARCH_PLACES.includes(name)) return null;
  return JS_TOOL_CONFIG.test(name) ? 'javascript' : 'data';
}

export function emptyToolConfig(): ToolConfig {
  return { rules: {}, ignore: [], include: [], sources: [], suppressions: [], overrides: [], env: {}, passEnv: [], remote: undefined, remoteHosts: [], caFiles: [], remoteTimeoutMs: undefined, edition: undefined, target: undefined, envFiles: [], host: undefined, allowPaths: [] };
}

/**
 * Finds the nearest tool config cheaply (a few stat calls); it is read only when one exists. The
 * search stops at the repository root (the folder holding .git) or the home folder, as ESLint's does: a
 * `.sgconfrc.js` further up belongs to someone else and would run code.
 */
export function findToolConfigFile(cwd: string, home = homedir()): string | null {
  let dir = path.resolve(cwd);
  for (;;) {
    for (const name of SEARCH_PLACES) {
      const candidate = path.join(dir, name);
      if (!existsSync(candidate)) continue;
      if (name === 'package.json') {
        try {
          const pkg = JSON.parse(readRegularFileSync(candidate, MAX_CONFIG_BYTES).toString('utf8')) as Record<string, unknown>;
          if (!('sgconf' in pkg)) continue;
        } catch {
          continue;
        }
      }
      return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir || dir === home || existsSync(path.join(dir, '.git'))) return null;
    dir = parent;
  }
}

export interface LoadToolConfigOptions {
  /** Run a JavaScript tool config (--js-config, SGCONF_JS_CONFIG=1); otherwise it is refused unrun. */
  allowJs?: boolean;
}

/** JavaScript tool configs: code from the repository, run only on request (docs/security.md). */
const JS_TOOL_CONFIG = /\.(c|m)?js$/i;

export async function loadToolConfig(cwd: string, explicitPath?: string, options: LoadToolConfigOptions = {}): Promise<LoadedToolConfig> {
  const filepath = explicitPath ? path.resolve(cwd, explicitPath) : findToolConfigFile(cwd);
  if (!filepath) return { config: emptyToolConfig(), filepath: null, problems: null };
  const display = path.relative(cwd, filepath) || filepath;
  if (JS_TOOL_CONFIG.test(filepath)) {
    if (!options.allowJs) {
      return { config: emptyToolConfig(), filepath, problems: problem(display, 'the tool config is JavaScript, which runs code: sgconf runs it only with --js-config or SGCONF_JS_CONFIG=1 (a JSON or YAML tool config offers every setting)', '') };
    }
    const { runJsToolConfig } = await import('./js-tool-config.js');
    const ran = await runJsToolConfig(filepath);
    if (!ran.ok) return { config: emptyToolConfig(), filepath, problems: problem(display, `the sgconf tool config cannot be loaded: ${ran.reason}`, '') };
    return validateToolConfig(ran.value, display, filepath);
  }
  const read = await readDataToolConfig(filepath);
  if ('problem' in read) return { config: emptyToolConfig(), filepath, problems: problem(display, `the sgconf tool config cannot be loaded: ${read.problem}`, '', read.at) };
  const loaded = validateToolConfig(read.value, display, filepath);
  // Each suppression's place, for the warning when it suppresses nothing.
  for (const s of loaded.config.suppressions) {
    const node = findLocNode(read.root, read.prefix + s.pointer);
    if (!node) continue;
    const start = read.lines.position(node.start);
    const end = read.lines.position(node.end);
    s.at = { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  }
  // Each finding at its key, found in the same parse.
  if (loaded.problems) {
    for (const d of loaded.problems.diagnostics) {
      const node = findLocNode(read.root, read.prefix + d.pointer);
      if (!node) continue;
      const start = read.lines.position(node.keyStart ?? node.start);
      const end = read.lines.position(node.keyEnd ?? node.end);
      Object.assign(d, { line: start.line, column: start.column, endLine: end.line, endColumn: end.column });
    }
  }
  return loaded;
}

type DataToolConfig =
  | { value: unknown; root: LocNode; prefix: string; lines: LineIndex }
  | { problem: string; at?: { line: number; column: number } };

/**
 * The settings of a JSON or YAML tool config, or of package.json's "sgconf" key, read as data by the
 * pipeline's located parsers, once: nothing in the file is followed, imported or run (a key such as
 * cosmiconfig's "$import" is a finding, not an instruction), and each finding gets its line and column.
 * `.sgconfrc` without an extension is YAML, which reads JSON too. The one reader with limits refuses a
 * device, a FIFO or a file past the size cap.
 */
async function readDataToolConfig(filepath: string): Promise<DataToolConfig> {
  let text: string;
  try {
    text = readRegularFileSync(filepath, MAX_CONFIG_BYTES).toString('utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const lines = new LineIndex(text);
  const name = path.basename(filepath);
  try {
    const parsed = /\.json$/i.test(name) ? parseJsonWithLocations(text) : (await import('../source/yaml.js')).parseYamlWithLocations(text);
    const noJsonForm = parsed.noJsonForm?.[0];
    if (noJsonForm) return { problem: noJsonForm.message, at: lines.position(noJsonForm.span.start) };
    if (name !== 'package.json') return { value: parsed.value, root: parsed.root, prefix: '', lines };
    const settings = isObject(parsed.value) ? parsed.value['sgconf'] : undefined;
    return { value: settings ?? {}, root: parsed.root, prefix: '/sgconf', lines };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { problem: error.message, at: lines.position(error.offset) };
    return { problem: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

export function validateToolConfig(raw: unknown, display: string, filepath: string | null = null): LoadedToolConfig {
  const config = emptyToolConfig();
  const messages: { message: string; pointer: string }[] = [];
  if (!isObject(raw as never)) {
    messages.push({ message: 'the sgconf tool config must be an object', pointer: '' });
  } else {
    const obj = raw as Record<string, unknown>;
    for (const [key, value] of Object.entries(obj)) {
      switch (key) {
        case 'rules':
          if (!isObject(value as never)) {
            messages.push({ message: '"rules" must map rule ids to "off", "info", "warning" or "error"', pointer: '/rules' });
            break;
          }
          for (const [id, setting] of Object.entries(value as Record<string, unknown>)) {
            const pointer = `/rules/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;
            if (!findRule(id)) {
              const suggestion = closestMatch(id, allRules.map((r) => r.id), 4);
              messages.push({ message: `unknown rule "${id}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`, pointer });
              continue;
            }
            if (typeof setting !== 'string' || !SETTINGS.includes(setting as RuleSetting)) {
              messages.push({ message: `rule "${id}": the setting must be "off", "info", "warning" or "error", not ${JSON.stringify(setting)}`, pointer });
              continue;
            }
            config.rules[id] = setting as RuleSetting;
          }
          break;
        case 'ignore':
        case 'include':
        case 'sources':
          if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) messages.push({ message: `"${key}" must be an array of glob patterns`, pointer: `/${key}` });
          else config[key] = value as string[];
          break;
        case 'env':
          if (!isObject(value as never) || !Object.values(value as object).every((v) => typeof v === 'string')) messages.push({ message: '"env" must map variable names to string values', pointer: '/env' });
          else config.env = value as Record<string, string>;
          break;
        case 'passEnv':
          if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v))) messages.push({ message: '"passEnv" must be an array of environment variable names', pointer: '/passEnv' });
          else config.passEnv = value as string[];
          break;
        case 'remote':
          if (typeof value !== 'boolean') messages.push({ message: '"remote" must be true or false', pointer: '/remote' });
          else config.remote = value;
          break;
        case 'remoteHosts':
          if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && parseHostEntry(v) !== null)) messages.push({ message: '"remoteHosts" must be an array of host names or addresses, each optionally with :port (no scheme, no path)', pointer: '/remoteHosts' });
          else config.remoteHosts = value as string[];
          break;
        case 'caFiles':
          if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) messages.push({ message: '"caFiles" must be an array of PEM file paths', pointer: '/caFiles' });
          else config.caFiles = (value as string[]).map((f) => (filepath ? path.resolve(path.dirname(filepath), f) : f));
          break;
        case 'remoteTimeoutMs':
          if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) messages.push({ message: '"remoteTimeoutMs" must be a positive whole number of milliseconds', pointer: '/remoteTimeoutMs' });
          else config.remoteTimeoutMs = value;
          break;
        case 'edition':
          if (value !== 'ee' && value !== 'ce') messages.push({ message: '"edition" must be "ee" (Enterprise) or "ce" (Community)', pointer: '/edition' });
          else config.edition = value;
          break;
        case 'envFiles':
          if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) messages.push({ message: '"envFiles" must be an array of env file paths (dotenv syntax)', pointer: '/envFiles' });
          else config.envFiles = (value as string[]).map((f) => (filepath ? path.resolve(path.dirname(filepath), f) : f));
          break;
        case 'allowPaths':
          if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v !== '')) messages.push({ message: '"allowPaths" must be an array of file or folder paths outside the repository that configs may name', pointer: '/allowPaths' });
          else config.allowPaths = (value as string[]).map((f) => (filepath ? path.resolve(path.dirname(filepath), f) : f));
          break;
        case 'host':
          if (typeof value !== 'boolean') messages.push({ message: '"host" must be true (this machine is the gateway host) or false', pointer: '/host' });
          else config.host = value;
          break;
        case 'target': {
          const release = typeof value === 'string' ? parseRelease(value) : null;
          if (!release) messages.push({ message: `"target" must be a Sync Gateway release sgconf knows (${RELEASES.join(', ')}, or a patch version such as "3.1.4"), not ${JSON.stringify(value)}`, pointer: '/target' });
          else config.target = release;
          break;
        }
        case 'suppressions':
          readSuppressions(value, config, messages);
          break;
        case 'overrides':
          readOverrides(value, config, messages, filepath);
          break;
        case '$import':
          // cosmiconfig's key for merging other files: sgconf's tool configs are data, and import nothing.
          messages.push({ message: '"$import" is not a setting: a JSON or YAML tool config is data, and sgconf imports nothing from it', pointer: '/$import' });
          break;
        default: {
          const suggestion = closestMatch(key, KEYS);
          messages.push({ message: `unknown key "${key}" in the sgconf tool config${suggestion ? `; did you mean "${suggestion}"?` : `; known keys: ${KEYS.join(', ')}`}`, pointer: `/${key}` });
        }
      }
    }
  }
  if (messages.length === 0) return { config, filepath, problems: null };
  const result: FileResult = {
    file: display, kind: null,
    diagnostics: messages.map((m) => ({ rule: 'config/invalid', severity: 'error', message: m.message, pointer: m.pointer, line: 1, column: 1, endLine: 1, endColumn: 1 })),
  };
  return { config, filepath, problems: result };
}

type Messages = { message: string; pointer: string }[];

/** A list of strings, none empty, at least one. */
function nonEmptyStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'string' && s !== '');
}

/**
 * The objects of an array setting (`overrides`, `suppressions`), each with its pointer and its number as
 * messages say it; a message when the setting or an entry is not what `shape` says.
 */
function entriesOf(value: unknown, key: string, noun: string, shape: string, messages: Messages): { entry: Record<string, unknown>; pointer: string; n: number }[] {
  if (!Array.isArray(value)) {
    messages.push({ message: `"${key}" must be an array of ${shape}`, pointer: `/${key}` });
    return [];
  }
  const out: { entry: Record<string, unknown>; pointer: string; n: number }[] = [];
  value.forEach((entry, i) => {
    const pointer = `/${key}/${i}`;
    if (isObject(entry as never)) out.push({ entry: entry as Record<string, unknown>, pointer, n: i + 1 });
    else messages.push({ message: `${noun} ${i + 1} must be an object: ${shape}`, pointer });
  });
  return out;
}

/** The tool config's overrides: each {files, target?, rules?, envFiles?}, read as the top-level settings are. */
function readOverrides(value: unknown, config: ToolConfig, messages: Messages, filepath: string | null): void {
  for (const { entry: e, pointer, n } of entriesOf(value, 'overrides', 'override', '{"files": [globs], "target": "2.8", "rules": {...}, "envFiles": [...]}', messages)) {
    if (!nonEmptyStrings(e.files)) {
      messages.push({ message: `override ${n} needs "files" (globs, relative to the tool config's folder)`, pointer });
      continue;
    }
    // Its target and rules are checked by the same reader as the top level's.
    const own = Object.fromEntries(OVERRIDE_SETTINGS.filter((key) => e[key] !== undefined).map((key) => [key, e[key]]));
    const inner = validateToolConfig(own, '', filepath);
    for (const d of inner.problems?.diagnostics ?? []) messages.push({ message: `override ${n}: ${d.message}`, pointer: `${pointer}${d.pointer}` });
    for (const key of Object.keys(e)) if (key !== 'files' && !(OVERRIDE_SETTINGS as readonly string[]).includes(key)) messages.push({ message: `override ${n}: unknown key "${key}" (files, ${OVERRIDE_SETTINGS.join(', ')})`, pointer: `${pointer}/${key}` });
    config.overrides.push({
      files: e.files, ...(inner.config.target ? { target: inner.config.target } : {}), rules: inner.config.rules,
      ...(e.envFiles !== undefined ? { envFiles: inner.config.envFiles } : {}),
    });
  }
}

/** The tool config's suppressions: each {files, rules, reason}, with a known rule id and a reason. */
function readSuppressions(value: unknown, config: ToolConfig, messages: Messages): void {
  for (const { entry: e, pointer, n } of entriesOf(value, 'suppressions', 'suppression', '{"files": [globs], "rules": [rule ids], "reason": "why"}', messages)) {
    const bad: string[] = [];
    if (!nonEmptyStrings(e.files)) bad.push('"files" (globs, relative to the tool config\'s folder)');
    if (!nonEmptyStrings(e.rules)) bad.push('"rules" (rule ids)');
    if (typeof e.reason !== 'string' || e.reason.trim() === '') bad.push('"reason" (why the findings do not apply, which the report shows)');
    for (const key of Object.keys(e)) if (!['files', 'rules', 'reason'].includes(key)) bad.push(`no "${key}"`);
    if (bad.length > 0) {
      messages.push({ message: `suppression ${n} needs ${bad.join(', ')}`, pointer });
      continue;
    }
    const unknown = (e.rules as string[]).filter((id) => !findRule(id));
    if (unknown.length > 0) {
      const suggestion = closestMatch(unknown[0]!, allRules.map((r) => r.id), 4);
      messages.push({ message: `suppression ${n}: unknown rule "${unknown[0]}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`, pointer: `${pointer}/rules` });
      continue;
    }
    config.suppressions.push({ files: e.files as string[], rules: e.rules as string[], reason: (e.reason as string).trim(), pointer, at: { line: 1, column: 1, endLine: 1, endColumn: 1 } });
  }
}

function problem(file: string, message: string, pointer: string, at = { line: 1, column: 1 }): FileResult {
  return { file, kind: null, diagnostics: [{ rule: 'config/invalid', severity: 'error', message, pointer, line: at.line, column: at.column, endLine: at.line, endColumn: at.column }] };
}
