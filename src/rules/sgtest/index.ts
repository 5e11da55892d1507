// Rules of the "sgtest/" group: problems in sgconf test's own files (src/sgtest/).
import type { Rule } from '../types.js';
import { rule as invalidFile } from './invalid-file.js';
import { rule as configUnusable } from './config-unusable.js';
import { rule as assertsNothing } from './asserts-nothing.js';
import { rule as duplicateName } from './duplicate-name.js';

export const rules: Rule[] = [invalidFile, configUnusable, assertsNothing, duplicateName];
