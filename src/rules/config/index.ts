// Rules of the "config/" group: problems in sgconf's own tool config (src/config/).
import type { Rule } from '../types.js';
import { rule as invalid } from './invalid.js';
import { rule as envFile } from './env-file.js';
import { rule as ignored } from './ignored.js';
import { rule as unusedSuppression } from './unused-suppression.js';

export const rules: Rule[] = [invalid, envFile, ignored, unusedSuppression];
