// Console log keys written as the target reads them: a trailing "+" the gateway would take off (with a
// warning at every start) is taken off, and a name it does not know (it warns and ignores it) is dropped
// with a finding; the facts are src/releases/log-keys.ts's, as logging/log-keys reports them.
import { joinPointer, type JsonValue } from '../types.js';
import { readLogKey } from '../releases/log-keys.js';
import { NEWEST_RELEASE } from '../releases/index.js';
import { CONVERT_RULES, type Conversion } from './conversion.js';

/** `keys` (read from `from` in the input) as the output writes them. */
export function readableLogKeys(keys: JsonValue, from: string, { options, drop, report }: Conversion): JsonValue {
  if (!Array.isArray(keys)) return keys;
  const target = options.target ?? NEWEST_RELEASE;
  const out: JsonValue[] = [];
  keys.forEach((key, i) => {
    const pointer = joinPointer(from, i);
    const reading = typeof key === 'string' ? readLogKey(key, target) : null;
    if (reading === null || reading.kind === 'known' || (reading.kind === 'plus-stripped' && reading.sameAs === null)) out.push(key);
    else if (reading.kind === 'plus-stripped') {
      out.push(reading.sameAs!);
      report(CONVERT_RULES.overwrittenValue, 'info', pointer, `log key "${String(key)}" is written "${reading.sameAs}", as ${target} reads it`, undefined,
        `${target} takes a trailing "+" off with a "Deprecated log key" warning at every start (logging/log-keys).`);
    } else drop(pointer, 'info', `${target} does not know it and ignores it, with an "Invalid log key" warning at every start (logging/log-keys)`, `the log key "${String(key)}"`);
  });
  return out;
}
