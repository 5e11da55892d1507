import { rule } from '../../../src/rules/webhook/missing-url.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/webhook.js';

runRuleTests(rule, cases['webhook/missing-url']!);
