import { rule } from '../../../src/rules/functions/source-not-found.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/source-not-found']!);
