import type { Rule } from '../types.js';
import { isLegacyMode, lookupPath } from '../../document/databases.js';

export const rule: Rule = {
  id: 'logging/stats-log-frequency',
  severity: 'error',
  kinds: ['legacy'],
  description: 'unsupported.stats_log_freq_secs of 1 to 9 in a legacy file the gateway runs in legacy mode, which refuses it at start.',
  check(context) {
    const found = lookupPath(context.document, '', 'unsupported', 'stats_log_freq_secs');
    if (!found || typeof found.value !== 'number' || found.value === 0 || found.value >= 10) return;
    // Negative and fractional values are the schema's finding (Go's decoder refuses them for a uint).
    if (found.value < 0 || !Number.isInteger(found.value)) return;
    // The automatic upgrade turns it into stats_log_frequency without this check.
    if (context.upgradesLegacyConfigs && !isLegacyMode(context.document)) return;
    context.report({
      pointer: found.pointer,
      message: `unsupported.stats_log_freq_secs ${found.value} is below the minimum of 10 seconds`,
      detail: 'In legacy mode the gateway checks it at start and refuses to start. Use 0 to turn stats logging off, or 10 or more.',
    });
  },
};
