import { rule } from '../../../src/rules/webhook/no-timeout.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/webhook.js';

runRuleTests(rule, cases['webhook/no-timeout']!);
