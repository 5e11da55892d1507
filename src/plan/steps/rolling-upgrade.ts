// Plan step `rolling-upgrade`.
import { reaches, ev, type Context, type StepModule } from '../context.js';
import type { PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'rolling-upgrade',
  addresses: [],
  build: rollingUpgrade,
};

function rollingUpgrade(c: Context): PlanStep {
  const health = reaches(c.to, 'persistentConfig') ? `${c.curl} ${c.base}/` : `curl ${c.base}/`;
  const dbs = c.facts.databases.map((db) => db.name);
  return {
    id: 'rolling-upgrade',
    title: `Rolling upgrade of the gateway nodes to ${c.to.text}`,
    why: 'A rolling upgrade keeps the service up: one node at a time leaves the load balancer, is upgraded and comes back; nodes of both versions serve side by side meanwhile.',
    evidence: [...ev(c, c.facts.adminInterface), ...c.facts.databases.map((db) => ({ pointer: db.pointer, line: c.source.lineOf(db.pointer), text: `database "${db.name}"` }))],
    actions: [
      { text: 'Take one node out of the load balancer and wait for its connections to drain.' },
      { text: `Stop Sync Gateway on it, install ${c.to.text}, and start it with its config.` },
      { text: 'Wait until it answers on the admin REST API with the new version.', command: health },
      ...(dbs.length ? [{ text: `Wait until every database on it is online (${dbs.map((n) => `"${n}"`).join(', ')}).`, command: `${health}${dbs[0]}/` }] : []),
      { text: 'Put the node back into the load balancer, then repeat for the next node.' },
    ],
    checks: [
      `The node reports version ${c.to.text} and every database \`"state": "Online"\` before the next node is taken out.`,
      'Error rate and response times at the load balancer are back to normal.',
    ],
  };
}
