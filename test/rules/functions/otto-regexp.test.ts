import { rule } from '../../../src/rules/functions/otto-regexp.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/otto-regexp']!);
