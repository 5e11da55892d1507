// Rules of the "source/" group: emitted by the read and parse stages (src/source/).
import type { Rule } from '../types.js';
import { rule as syntax } from './syntax.js';
import { rule as undefinedVariable } from './undefined-variable.js';
import { rule as duplicateKey } from './duplicate-key.js';
import { rule as trailingText } from './trailing-text.js';
import { rule as bom } from './bom.js';
import { rule as unreadable } from './unreadable.js';
import { rule as unknownKind } from './unknown-kind.js';
import { rule as tooDeep } from './too-deep.js';
import { rule as yamlAliases } from './yaml-aliases.js';
import { rule as yamlTags } from './yaml-tags.js';
import { rule as internalError } from './internal-error.js';
import { rule as tooLarge } from './too-large.js';
import { rule as unwritable } from './unwritable.js';

export const rules: Rule[] = [syntax, undefinedVariable, duplicateKey, trailingText, bom, unreadable, unknownKind, tooDeep, yamlAliases, yamlTags, internalError, tooLarge, unwritable];
