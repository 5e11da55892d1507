// Rules of the "logging/" group (what the gateway makes of a config's logging settings): one module per rule, listed here.
import type { Rule } from '../types.js';
import { rule as logKeys } from './log-keys.js';

export const rules: Rule[] = [logKeys];
