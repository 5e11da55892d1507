import { rule } from '../../../src/rules/functions/load-failed.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/load-failed']!);
