// Rules of the "webhook/" group: one module per rule, listed here.
import type { Rule } from '../types.js';

export const rules: Rule[] = [];
