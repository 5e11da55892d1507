import type { Rule, RuleContext } from '../types.js';
import type { Found } from '../../document/databases.js';
import { databaseEntries, dbLabel, lookup, lookupPath } from '../../document/databases.js';
import { closestMatch } from '../../distance.js';
import { BEHAVIOUR } from '../../releases/behaviour.js';
import { treatmentIn } from '../../releases/index.js';
import { logKeysOf, readLogKey } from '../../releases/log-keys.js';
import { fieldKnownTo } from '../../schema/release-fields.js';

export const rule: Rule = {
  id: 'logging/log-keys',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy', 'database'],
  description: 'Console log keys the target does not know (it ignores them), reads only after taking off a deprecated trailing "+", or never uses (a quiet log_level, console logging off).',
  check(context) {
    for (const list of keyLists(context)) {
      if (!Array.isArray(list.found.value)) continue;
      list.found.value.forEach((key, i) => {
        if (typeof key === 'string') checkKey(context, key, `${list.found.pointer}/${i}`, list.label);
      });
      if (list.block) checkLevel(context, list.found, list.block, list.label);
    }
  },
};

// Keyed lines are written at info, debug and trace; warnings and errors go out whatever the keys
// (base/logger_console.go@2.8.0 and @4.1.1 shouldLog: the level first, then the key).
const QUIET_LEVELS = new Set(['none', 'error', 'warn']);

/** Keys in a console block whose level or switch writes none of their lines. */
function checkLevel(context: RuleContext, list: Found, block: Found, label: string): void {
  const keys = (list.value as unknown[]).filter((k) => typeof k === 'string' && k !== '');
  if (keys.length === 0) return;
  const enabled = lookup(block.value, block.pointer, 'enabled');
  const level = lookup(block.value, block.pointer, 'log_level');
  const why = enabled?.value === false ? 'console logging is off (enabled is false)'
    : typeof level?.value === 'string' && QUIET_LEVELS.has(level.value) ? `log_level "${level.value}" writes no keyed line` : null;
  if (!why) return;
  context.report({
    pointer: list.pointer, target: 'key', severity: 'info',
    message: `${label}log_keys have no effect: ${why}`,
    detail: 'Keyed lines are written at the info, debug and trace levels; warnings and errors are written whatever the keys. Set log_level to "info" (or more verbose) to see them, or remove log_keys.',
  });
}

interface KeyList {
  found: Found;
  /** Whose list it is, for the message ("" for the gateway's own). */
  label: string;
  /** The console block holding it (logging.console), where its level and switch are; none for the old lists. */
  block?: Found;
}

/** The log key lists the target reads. */
function keyLists(context: RuleContext): KeyList[] {
  const { kind, document, target } = context;
  const lists: KeyList[] = [];
  const block = lookupPath(document, '', 'logging', 'console');
  const consoleKeys = block && lookup(block.value, block.pointer, 'log_keys');
  if (kind === 'bootstrap') {
    if (consoleKeys) lists.push({ found: consoleKeys, label: '', block });
  } else if (kind === 'legacy') {
    const old = oldList(context, consoleKeys);
    if (old) lists.push({ found: old, label: '' });
    else if (consoleKeys) lists.push({ found: consoleKeys, label: '', block });
  }
  for (const db of databaseEntries(kind, document)) {
    const dbBlock = lookupPath(db.config, db.pointer, 'logging', 'console');
    const keys = dbBlock && lookup(dbBlock.value, dbBlock.pointer, 'log_keys');
    if (keys && fieldKnownTo(kind, keys.pointer, target)) lists.push({ found: keys, label: `${dbLabel(db)}: `, block: dbBlock });
  }
  return lists;
}

/**
 * The old list a legacy file's target reads instead of logging.console.log_keys: 2.8 takes
 * logging.default.logKeys when log_keys is empty, then "log" when log_keys is absent
 * (rest/config.go@2.8.0 deprecatedConfigLoggingFallback); 3.0 and later read neither.
 */
function oldList(context: RuleContext, consoleKeys: Found | undefined): Found | undefined {
  if (treatmentIn(BEHAVIOUR.get('legacy-key-ignored')!, context.target) !== 'accepts') return undefined;
  const empty = (found: Found | undefined) => !Array.isArray(found?.value) || found.value.length === 0;
  if (!empty(consoleKeys)) return undefined;
  const defaultKeys = lookupPath(context.document, '', 'logging', 'default', 'logKeys');
  if (!empty(defaultKeys)) return defaultKeys;
  const log = lookup(context.document, '', 'log');
  return consoleKeys === undefined || consoleKeys.value === null ? log : undefined;
}

function checkKey(context: RuleContext, key: string, pointer: string, label: string): void {
  const { target } = context;
  const reading = readLogKey(key, target);
  if (reading.kind === 'known') return;
  if (reading.kind === 'plus-stripped') {
    context.report({
      pointer,
      message: `${label}log key "${key}" is read as "${reading.name}", with a warning at every start`,
      detail: `A trailing "+" was the verbose form of the first releases' log keys. ${target} takes it off and logs "Deprecated log key" at every start (only "HTTP+" is a key of its own).${reading.sameAs === null ? '' : ` Write "${reading.sameAs}".`}`,
      ...(reading.sameAs === null ? {} : { fix: { op: 'replace-value', pointer, value: reading.sameAs } }),
    });
    return;
  }
  const names = logKeysOf(target).filter((n) => n !== '');
  const suggestion = reading.from === undefined ? suggest(reading.name, names) : undefined;
  context.report({
    pointer,
    message: reading.from === undefined
      ? `${label}"${key}" is not a log key of ${target}, which ignores it`
      : `${label}log key "${key}" is known from ${reading.from} on: ${target} ignores it`,
    detail: `${target} logs "Invalid log key" at every start and turns nothing on for it. ${suggestion ? `Did you mean "${suggestion}"? ` : ''}`
      + `The keys ${target} knows (case matters): ${[...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })).map((n) => `"${n}"`).join(', ')}.`,
  });
}

/** A known name that differs only in case, or by one letter in a longer name; not a guess between short ones. */
function suggest(name: string, names: readonly string[]): string | undefined {
  const sameLetters = names.find((n) => n.toLowerCase() === name.toLowerCase());
  if (sameLetters) return sameLetters;
  return name.length >= 5 ? closestMatch(name, names, 1) : undefined;
}
