// Rules of the "logging/" group (what the gateway makes of a config's logging settings): one module per rule, listed here.
import type { Rule } from '../types.js';
import { rule as logKeys } from './log-keys.js';
import { rule as auditEvents } from './audit-events.js';
import { rule as statsLogFrequency } from './stats-log-frequency.js';

export const rules: Rule[] = [logKeys, auditEvents, statsLogFrequency];
