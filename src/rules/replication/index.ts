// Rules of the "replication/" group (inter-gateway replications, reference 7.1-7.4): one module per rule, listed here.
import type { Rule } from '../types.js';
import { rule as idMismatch } from './id-mismatch.js';
import { rule as missingRemote } from './missing-remote.js';
import { rule as direction } from './direction.js';
import { rule as credentials } from './credentials.js';
import { rule as conflictResolution } from './conflict-resolution.js';
import { rule as edition } from './edition.js';
import { rule as filter } from './filter.js';
import { rule as batchSize } from './batch-size.js';
import { rule as initialState } from './initial-state.js';
import { rule as adhoc } from './adhoc.js';
import { rule as cancel } from './cancel.js';
import { rule as purgeOnRemoval } from './purge-on-removal.js';
import { rule as runAs } from './run-as.js';
import { rule as maxBackoffTime } from './max-backoff-time.js';
import { rule as allowConflictsIgnored } from './allow-conflicts-ignored.js';
import { rule as configEditsIgnored } from './config-edits-ignored.js';
import { rule as collections } from './collections.js';
import { rule as idLength } from './id-length.js';

export const rules: Rule[] = [
  idMismatch, missingRemote, direction, credentials, conflictResolution, edition, filter, batchSize,
  initialState, adhoc, cancel, purgeOnRemoval, runAs, maxBackoffTime, allowConflictsIgnored, configEditsIgnored, collections, idLength,
];
