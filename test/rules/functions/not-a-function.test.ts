import { rule } from '../../../src/rules/functions/not-a-function.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/not-a-function']!);
