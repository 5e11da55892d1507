// Rules of the "source/" group: one module per rule, listed here.
import type { Rule } from '../types.js';

export const rules: Rule[] = [];
