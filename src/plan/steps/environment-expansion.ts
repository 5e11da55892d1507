// Plan step `environment-expansion`: a file written for a release that reads `$` as it is written must
// escape its literal dollar signs before a release that expands environment references reads it.
import { crossesInto, diagnosticEvidence, type Context, type StepModule } from '../context.js';
import type { PlanStep } from '../types.js';
import { UPGRADE } from '../../releases/upgrade.js';

const RULE = 'source/undefined-variable';

export const step: StepModule = {
  id: 'environment-expansion',
  addresses: [RULE],
  // The finding is what the step fixes: an upgrade across the change does not stop at it.
  resolvesWhen: (finding, _kind, from, to) => finding.rule === RULE && crossesInto(from, to, 'environmentExpansion'),
  build: environmentExpansion,
};

function environmentExpansion(c: Context): PlanStep | null {
  if (!crossesInto(c.from, c.to, 'environmentExpansion')) return null;
  const evidence = diagnosticEvidence(c, (rule) => rule === RULE);
  if (evidence.length === 0) return null;
  const line = UPGRADE.environmentExpansion.line;
  return {
    id: 'environment-expansion',
    title: `Escape literal dollar signs before ${line} reads the config`,
    why: `From ${line} the gateway expands environment references over the whole file before parsing it ($VAR, \${VAR}, \${VAR:-default}; $$ is a literal $). Sync Gateway ${c.from.text} reads every $ as it is written, so a value such as a password or a regular expression holding $ changes meaning, and an undefined variable stops the gateway from starting.`,
    evidence,
    actions: [
      { text: 'For each place listed: write $$ where the $ is meant literally, or define the variable on every node (or give a default with ${VAR:-default}).' },
      { text: `Check the result for the new release before the first ${line} node starts.`, command: `sgconf lint ${c.file} --target ${c.to.text}` },
    ],
    checks: [`sgconf lint --target ${c.to.text} reports no source/undefined-variable for this file.`, `Nodes still on ${c.from.text} read "$$" as two dollar signs: change the file when the nodes that read it run ${line} or later, or keep one file per version.`],
  };
}
