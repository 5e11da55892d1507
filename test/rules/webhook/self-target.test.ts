import { rule } from '../../../src/rules/webhook/self-target.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/webhook.js';

runRuleTests(rule, cases['webhook/self-target']!);
