import { rule } from '../../../src/rules/functions/document-key-order.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/document-key-order']!);
