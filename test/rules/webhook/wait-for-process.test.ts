import { rule } from '../../../src/rules/webhook/wait-for-process.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/webhook.js';

runRuleTests(rule, cases['webhook/wait-for-process']!);
