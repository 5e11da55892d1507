import type { Rule } from '../types.js';
import { lookup, lookupPath } from '../../document/databases.js';
import { formatMs, parseGoDuration } from './duration.js';

// Minimum max_age in days per file logger (reference 3.1.3); 0 turns age cleanup off.
const MIN_AGE: Record<string, number> = { error: 180, warn: 90, info: 3, debug: 1, trace: 1, stats: 3, audit: 3 };
const MIN_INTERVAL_MS = 15 * 60_000;
const MAX_INTERVAL_MS = 7 * 24 * 3_600_000;

export const rule: Rule = {
  id: 'bootstrap/log-rotation',
  severity: 'error',
  kinds: ['bootstrap', 'legacy'],
  description: 'Log rotation values the gateway refuses at startup: max_age below the level\'s minimum, rotation_interval outside 15m-7d, rotated_logs_size_limit below 10.',
  check(context) {
    const logging = lookup(context.document, '', 'logging');
    if (!logging) return;
    for (const level of Object.keys(MIN_AGE)) {
      const rotation = lookupPath(logging.value, logging.pointer, level, 'rotation');
      if (!rotation) continue;
      const age = lookup(rotation.value, rotation.pointer, 'max_age');
      const min = MIN_AGE[level]!;
      if (age && typeof age.value === 'number' && age.value > 0 && age.value < min) {
        context.report({ pointer: age.pointer, message: `logging.${level}.rotation.max_age ${age.value} is below the ${level} minimum of ${min} days`, detail: `Logging setup fails and the gateway refuses to start. Use 0 (keep forever) or at least ${min}.` });
      }
      const interval = lookup(rotation.value, rotation.pointer, 'rotation_interval');
      const ms = typeof interval?.value === 'string' ? parseGoDuration(interval.value) : undefined;
      if (interval && ms !== undefined && ms !== 0 && (ms < MIN_INTERVAL_MS || ms > MAX_INTERVAL_MS)) {
        context.report({ pointer: interval.pointer, message: `logging.${level}.rotation.rotation_interval "${String(interval.value)}" (${formatMs(ms)}) is outside 15m-168h`, detail: 'Logging setup fails and the gateway refuses to start.' });
      }
      const limit = lookup(rotation.value, rotation.pointer, 'rotated_logs_size_limit');
      if (limit && typeof limit.value === 'number' && limit.value < 10) {
        context.report({ pointer: limit.pointer, message: `logging.${level}.rotation.rotated_logs_size_limit ${limit.value} is below the minimum of 10 MB`, detail: 'Logging setup fails and the gateway refuses to start.' });
      }
    }
  },
};
