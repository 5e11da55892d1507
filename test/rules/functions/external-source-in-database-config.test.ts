import { rule } from '../../../src/rules/functions/external-source-in-database-config.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/external-source-in-database-config']!);
