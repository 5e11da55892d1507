import { rule } from '../../../src/rules/functions/misspelled-helper.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/misspelled-helper']!);
