import { rule } from '../../../src/rules/functions/too-deep.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

const sync = (body: string) => ({ name: 'db', sync: `function (doc) { ${body} }` });

runRuleTests(rule, {
  valid: [
    { name: 'ordinary nesting', kind: 'database', config: sync('if (doc.a) { if (doc.b) { channel(doc.c); } }') },
    { name: 'brackets inside strings and comments do not count', kind: 'database', config: sync(`var s = "${'('.repeat(500)}"; // ${'{'.repeat(500)}\n /* ${'['.repeat(500)} */ channel(s);`) },
  ],
  invalid: [
    { name: '600 nested parentheses (V8 aborted the process here)', kind: 'database', config: sync(`var x = ${'('.repeat(600)}1${')'.repeat(600)};`), errors: [{ pointer: '/sync', message: 'nest more than 200 levels' }] },
    { name: '20,000 nested if blocks', kind: 'database', config: sync(`${'if (doc.a) {'.repeat(20_000)}${'}'.repeat(20_000)}`), errors: [{ pointer: '/sync' }] },
  ],
});
