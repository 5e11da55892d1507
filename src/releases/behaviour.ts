// How each gateway release treats the constructs that rules look at. Data only: one entry per
// construct, each change with its source (file and release tag of couchbase/sync_gateway).
// Where a behaviour changed in a patch release, the line takes the newest patch's behaviour.
import type { BehaviourFact } from './index.js';

const facts = [
  {
    id: 'allow-conflicts-true',
    construct: 'a database with allow_conflicts true',
    changes: [
      { from: '3.1', treatment: 'warns', source: 'rest/server_context.go@3.1.0 (3.0.0 has no such notice) ("Deprecation notice: setting database configuration option \\"allow_conflicts\\" to true is due to be removed")' },
      { from: '4.0', treatment: 'refuses', source: 'rest/config.go@4.0.0 validate(): "allow_conflicts cannot be set to true"' },
    ],
  },
] as const satisfies readonly BehaviourFact[];

export type BehaviourFactId = (typeof facts)[number]['id'];

export const BEHAVIOUR: ReadonlyMap<string, BehaviourFact> = new Map(facts.map((f) => [f.id, f]));
