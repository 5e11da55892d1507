// Rules of the "webhook/" group: one module per rule, listed here.
import type { Rule } from '../types.js';
import { rule as handlerType } from './handler-type.js';
import { rule as missingUrl } from './missing-url.js';
import { rule as invalidUrl } from './invalid-url.js';
import { rule as plainHttp } from './plain-http.js';
import { rule as noFilter } from './no-filter.js';
import { rule as noTimeout } from './no-timeout.js';
import { rule as waitForProcess } from './wait-for-process.js';
import { rule as optionsNotAllowed } from './options-not-allowed.js';
import { rule as selfTarget } from './self-target.js';

export const rules: Rule[] = [
  handlerType, missingUrl, invalidUrl, plainHttp, noFilter, noTimeout, waitForProcess, optionsNotAllowed, selfTarget,
];
