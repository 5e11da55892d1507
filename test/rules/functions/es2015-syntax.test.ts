import { rule } from '../../../src/rules/functions/es2015-syntax.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/es2015-syntax']!);
