import { rule } from '../../../src/rules/functions/throw-shape.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/throw-shape']!);
