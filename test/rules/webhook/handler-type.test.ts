import { rule } from '../../../src/rules/webhook/handler-type.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/webhook.js';

runRuleTests(rule, cases['webhook/handler-type']!);
