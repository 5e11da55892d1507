// Plan step `prepare`.
import { precedes, type Context, type StepModule } from '../context.js';
import type { PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'prepare',
  addresses: [],
  build: prepare,
};

function prepare(c: Context): PlanStep {
  const findingCount = c.listed.length;
  return {
    id: 'prepare',
    title: 'Prepare: back up, record versions, read the findings',
    why: `Every later step changes something that is hard to undo (stored configs, indexes, design documents). A copy of the config and the current version of every node are the way back.`,
    evidence: [{ pointer: '', line: 1, text: `${c.kind} config, upgrading Sync Gateway ${c.from.text} → ${c.to.text}` }],
    actions: [
      { text: 'Copy the config file of every node somewhere safe.', command: `cp ${c.file} ${c.file}.before-${c.to.text}` },
      { text: 'Record the version every node runs (the admin API root answers with it).', command: `${precedes(c.from, 'persistentConfig') ? 'curl' : 'curl -u "$SG_ADMIN_USER"'} ${c.base}/` },
      { text: 'Test this runbook on a staging deployment with a copy of production data first.' },
    ],
    checks: [
      `Every node reports version ${c.from.text}.`,
      findingCount > 0 ? `The ${findingCount} lint finding${findingCount === 1 ? '' : 's'} listed at the end of this plan ${findingCount === 1 ? 'is' : 'are'} read and understood.`
        : c.diagnostics.length > 0 ? 'sgconf lint reports nothing about the releases this upgrade reaches.' : 'sgconf lint reports nothing for this config.',
    ],
  };
}
