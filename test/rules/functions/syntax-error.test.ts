import { rule } from '../../../src/rules/functions/syntax-error.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/syntax-error']!);
