import { rule } from '../../../src/rules/source/yaml-aliases.js';
import { runCaseTable } from '../../helpers/rule-tester.js';
import { lintText } from '../../../src/lint.js';

// YAML files (the rule tester's default file name is JSON).
runCaseTable(rule.id, {
  valid: [
    { name: 'a few aliases', kind: 'database', config: 'name: db\nbucket: &b travel\nimport_filter: *b\n' },
  ],
  invalid: [
    { name: 'an alias that names no anchor', kind: 'database', config: 'name: db\nbucket: *nope\n', errors: [{ pointer: '', message: 'refers to no anchor', line: 2, column: 9 }] },
    { name: 'an alias inside the node it names', kind: 'database', config: 'name: db\ncache: &loop\n  channel_cache: *loop\n', errors: [{ pointer: '', message: 'refers to a node that contains it', line: 3, column: 18 }] },
    {
      name: 'a billion laughs',
      kind: 'database',
      config: ['name: db', 'a: &a [x, x, x, x, x, x, x, x, x]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]`), ''].join('\n'),
      errors: [{ pointer: '', message: 'more than 100 aliases' }],
    },
  ],
}, async (c) => (await lintText(c.config as string, 'config.yaml', { kind: c.kind, env: {}, remote: false })).diagnostics.filter((d) => d.rule === rule.id));
