import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/replication/conflict-resolution.js';
import { D, GOOD, L, databaseWith, legacyWith } from './fixtures.js';

const RESOLVER = 'function(conflict) { return conflict.LocalDocument; }';

runRuleTests(rule, {
  valid: [
    { kind: 'legacy', config: legacyWith({ r1: { ...GOOD, conflict_resolution_type: 'custom', custom_conflict_resolver: RESOLVER } }) },
    { kind: 'database', config: databaseWith({ r1: { ...GOOD, conflict_resolution_type: 'remoteWins' } }) },
    // The gateway refuses only an empty resolver; a blank one is functions/not-a-function's (it compiles and fails).
    { name: 'custom with a blank resolver', kind: 'database', config: databaseWith({ r1: { ...GOOD, conflict_resolution_type: 'custom', custom_conflict_resolver: ' ' } }) },
  ],
  invalid: [
    { name: 'V10: custom without a resolver', kind: 'legacy', config: legacyWith({ r1: { ...GOOD, conflict_resolution_type: 'custom' } }), errors: [{ pointer: `${L}/r1/conflict_resolution_type`, severity: 'error', message: 'needs a custom_conflict_resolver' }] },
    { name: 'custom with an empty resolver', kind: 'database', config: databaseWith({ r1: { ...GOOD, conflict_resolution_type: 'custom', custom_conflict_resolver: '' } }), errors: [{ pointer: `${D}/r1/conflict_resolution_type`, severity: 'error', message: 'needs a custom_conflict_resolver' }] },
    { name: 'resolver without type custom', kind: 'database', config: databaseWith({ r1: { ...GOOD, custom_conflict_resolver: RESOLVER } }), errors: [{ pointer: `${D}/r1/custom_conflict_resolver`, severity: 'warning' }] },
    { name: 'push ignores the type', kind: 'database', config: databaseWith({ r1: { ...GOOD, direction: 'push', conflict_resolution_type: 'localWins' } }), errors: [{ pointer: `${D}/r1/conflict_resolution_type`, severity: 'warning', message: 'push replication ignores conflict_resolution_type' }] },
  ],
});
