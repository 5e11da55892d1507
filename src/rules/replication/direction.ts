import type { Rule } from '../types.js';
import { findKey } from '../database/configs.js';
import { joinPointer } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

const DIRECTIONS = ['push', 'pull', 'pushAndPull'];

export const rule: Rule = {
  id: 'replication/direction',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'An inter-gateway replication whose direction is missing or not exactly push, pull or pushAndPull.',
  check(context) {
    for (const site of replicationSites(context)) {
      const key = findKey(site.config, 'direction');
      const value = key === undefined ? undefined : site.config[key];
      if (value === undefined || value === null || value === '') {
        context.report({
          pointer: key === undefined ? site.pointer : joinPointer(site.pointer, key),
          message: `${label(site)} has no direction: set "direction" to "push", "pull" or "pushAndPull"; ${invalidOutcome(site)}`,
        });
      } else if (typeof value === 'string' && !DIRECTIONS.includes(value)) {
        const fix = DIRECTIONS.find((d) => d.toLowerCase() === value.toLowerCase());
        context.report({
          pointer: joinPointer(site.pointer, key!),
          message: `${label(site)}: direction "${value}" is not one of "push", "pull", "pushAndPull" (exact case)${fix ? `; did you mean "${fix}"?` : ''}; ${invalidOutcome(site)}`,
        });
      }
    }
  },
};
