// Rules of the "schema/" group: emitted by key normalisation and JSON Schema validation (src/schema/).
import type { Rule } from '../types.js';
import { rule as unknownField } from './unknown-field.js';
import { rule as type } from './type.js';
import { rule as enumRule } from './enum.js';
import { rule as format } from './format.js';
import { rule as range } from './range.js';
import { rule as required } from './required.js';
import { rule as forbiddenField } from './forbidden-field.js';
import { rule as invalidName } from './invalid-name.js';
import { rule as deprecated } from './deprecated.js';
import { rule as invalid } from './invalid.js';
import { rule as kindUnknownToTarget } from './kind-unknown-to-target.js';

export const rules: Rule[] = [unknownField, type, enumRule, format, range, required, forbiddenField, invalidName, deprecated, invalid, kindUnknownToTarget];
