import { rule } from '../../../src/rules/webhook/options-not-allowed.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/webhook.js';

runRuleTests(rule, cases['webhook/options-not-allowed']!);
