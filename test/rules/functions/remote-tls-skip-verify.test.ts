import { rule } from '../../../src/rules/functions/remote-tls-skip-verify.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { cases } from '../../functions/cases/functions.js';

runRuleTests(rule, cases['functions/remote-tls-skip-verify']!);
