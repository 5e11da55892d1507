import { rule } from '../../../src/rules/functions/remote-disabled.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/remote-disabled']!);
