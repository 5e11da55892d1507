import { rule } from '../../../src/rules/source/yaml-tags.js';
import { runCaseTable } from '../../helpers/rule-tester.js';
import { lintText } from '../../../src/lint.js';

// YAML files (the rule tester's default file name is JSON).
runCaseTable(rule.id, {
  valid: [
    { name: "JSON's types, tagged", kind: 'database', config: 'name: !!str db\n!!str bucket: db\nrevs_limit: !!int 100\ncache: !!map {}\nsync: ! x\n' },
    { name: 'a float tag on an integer text is the number', kind: 'database', config: 'name: db\nbucket: db\nrevs_limit: !!float 100\n' },
  ],
  invalid: [
    { name: 'a local tag (an include some tools have)', kind: 'database', config: 'name: db\nbucket: db\nsync: !include sync.js\n', errors: [{ pointer: '', message: 'the tag !include has no JSON form', line: 3, column: 7 }] },
    { name: "YAML 1.1's binary", kind: 'database', config: 'name: db\nbucket: !!binary ZGI=\n', errors: [{ pointer: '', message: 'the tag !!binary has no JSON form', line: 2, column: 9 }] },
    { name: 'a set, after an anchor', kind: 'database', config: 'name: db\nbucket: db\nusers: &u !!set {ann}\n', errors: [{ pointer: '', message: 'the tag !!set has no JSON form', line: 3, column: 11 }] },
    { name: 'a tag on a key', kind: 'database', config: 'name: db\nbucket: db\n!!binary cmV2c19saW1pdA==: 5\n', errors: [{ pointer: '', message: 'the tag !!binary has no JSON form', line: 3, column: 1 }] },
    { name: 'a verbatim tag, commas and all', kind: 'database', config: 'name: db\nbucket: !<tag:yaml.org,2002:binary> ZGI=\n', errors: [{ pointer: '', message: 'the tag !<tag:yaml.org,2002:binary> has no JSON form', line: 2, column: 9 }] },
    { name: 'a timestamp inside a list', kind: 'database', config: 'name: db\nbucket: db\nimport_filter: [!!timestamp 2001-12-14]\n', errors: [{ pointer: '', message: 'the tag !!timestamp has no JSON form', line: 3, column: 17 }] },
  ],
}, async (c) => (await lintText(c.config as string, 'config.yaml', { kind: c.kind, env: {}, remote: false })).diagnostics.filter((d) => d.rule === rule.id));
