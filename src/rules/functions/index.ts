// Rules of the "functions/" group: one module per rule, listed here.
import type { Rule } from '../types.js';
import { rule as syntaxError } from './syntax-error.js';
import { rule as es2015Syntax } from './es2015-syntax.js';
import { rule as notAFunction } from './not-a-function.js';
import { rule as sourceNotFound } from './source-not-found.js';
import { rule as loadFailed } from './load-failed.js';
import { rule as remoteDisabled } from './remote-disabled.js';
import { rule as externalSourceInDatabaseConfig } from './external-source-in-database-config.js';
import { rule as remoteTlsSkipVerify } from './remote-tls-skip-verify.js';
import { rule as arity } from './arity.js';
import { rule as misspelledHelper } from './misspelled-helper.js';
import { rule as helperNotAvailable } from './helper-not-available.js';
import { rule as throwShape } from './throw-shape.js';
import { rule as filterReturn } from './filter-return.js';
import { rule as resolverReturn } from './resolver-return.js';

import { rule as tooDeep } from './too-deep.js';
import { rule as ottoRegexp } from './otto-regexp.js';
import { rule as documentKeyOrder } from './document-key-order.js';

export const rules: Rule[] = [tooDeep, 
  syntaxError, es2015Syntax, notAFunction, sourceNotFound, loadFailed, remoteDisabled, externalSourceInDatabaseConfig,
  remoteTlsSkipVerify, arity, misspelledHelper, helperNotAvailable, throwShape, filterReturn, resolverReturn, ottoRegexp,
  documentKeyOrder,
];
