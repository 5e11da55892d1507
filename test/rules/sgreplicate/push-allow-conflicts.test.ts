import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/sgreplicate/push-allow-conflicts.js';

const config = (target: string, allow: boolean | undefined) => ({
  adminInterface: '127.0.0.1:4985',
  databases: { a: { server: 'walrus:' }, b: { server: 'walrus:', allow_conflicts: allow } },
  replications: [{ replication_id: 'r', source: 'a', target }],
});

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: config('b', true) },
    { name: '2.x default allows conflicts', kind: 'legacy', config: config('b', undefined) },
    { name: 'target on another server: not checkable here', kind: 'legacy', config: config('http://sg2:4985/b', false) },
  ],
  invalid: [
    { name: 'bare-name target', kind: 'legacy', config: config('b', false), errors: [{ pointer: '/databases/b/allow_conflicts', severity: 'error', message: 'needs "allow_conflicts": true' }] },
    { name: 'URL to this node', kind: 'legacy', config: config('http://localhost:4985/b', false), errors: [{ pointer: '/databases/b/allow_conflicts' }] },
  ],
});
