import { rule } from '../../../src/rules/functions/helper-not-available.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/helper-not-available']!);
