// Rules of the "sgreplicate/" group (first-generation replications, reference 7.5-7.6): one module per rule, listed here.
import type { Rule } from '../types.js';
import { rule as removed } from './removed.js';
import { rule as bothRemote } from './both-remote.js';
import { rule as pushAllowConflicts } from './push-allow-conflicts.js';
import { rule as noDeltaSync } from './no-delta-sync.js';
import { rule as checkpointReuse } from './checkpoint-reuse.js';

export const rules: Rule[] = [removed, bothRemote, pushAllowConflicts, noDeltaSync, checkpointReuse];
