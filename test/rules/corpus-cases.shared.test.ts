// The cases of the functions/* and webhook/* rule tables that run on corpus configs (real configs by other
// people, ../shared/corpus): npm run test:corpus. Each rule's own test file runs the table's inline cases.
import { casesOf } from '../functions/cases/corpus.js';
import { cases as functionCases } from '../functions/cases/functions.js';
import { cases as webhookCases } from '../functions/cases/webhook.js';
import { lintForRule, runCaseTable } from '../helpers/rule-tester.js';

for (const [id, table] of Object.entries({ ...functionCases, ...webhookCases })) {
  const corpus = casesOf(table, 'corpus');
  if (corpus.valid.length + corpus.invalid.length === 0) continue;
  runCaseTable(`${id} on corpus configs`, corpus, (c) => lintForRule(id, c), { complete: false });
}
