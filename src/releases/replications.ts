// When the gateway checks the inter-gateway replications a config defines, and what a failed check does.
// db/sg_replicate_cfg.go ValidateReplication(fromConfig) holds the checks; with fromConfig it adds those only a
// config gets (no adhoc replication, 2.8.0 to 4.1.1; no cancel, 2.8 and 3.0); the id against the map key is
// checked beside it. Data for the replication rules' wording (src/rules/replication/common.ts).
import { stepAt, type Release } from './index.js';

export interface ReplicationCheck {
  from: Release;
  /** Whether the gateway checks a legacy file's replications as it starts, with the config-only checks (a failure stops it). */
  atStart: boolean;
  change: string;
  source: string;
}

/** A legacy file's replications, oldest first. */
export const LEGACY_REPLICATION_CHECKS: readonly ReplicationCheck[] = [
  {
    from: '2.8',
    atStart: true,
    change: 'checked as each database loads, with the config-only checks and the id against its key; a failure stops the start',
    source: 'rest/server_context.go@2.8.3 _getOrAddDatabaseFromConfig (ValidateReplication(true)); rest/config.go@2.8.3 RunServer (Fatalf "Error opening database")',
  },
  {
    from: '3.0',
    atStart: false,
    change: 'stored unchecked, as a database config\'s are: each is checked as it starts, without the config-only checks, and one that fails never runs',
    source: 'rest/config_legacy.go@3.0.8.1 ToStartupConfig and rest/server_context.go@3.0.8.1 (PutReplications, no check); db/sg_replicate_cfg.go@3.0.8.1 InitializeReplication (ValidateReplication(false))',
  },
  {
    from: '3.1',
    atStart: true,
    change: 'checked as the gateway reads the file, in legacy mode and in the automatic upgrade, with the config-only checks and the id against its key; a failure stops the start',
    source: 'rest/config_legacy.go@3.1.0 and @4.1.1 ToStartupConfig (replication_id against its key, ValidateReplication(true)), run by rest/main_legacy.go legacyServerMain and the automatic upgrade',
  },
];

/** A database config's replications, in every release that reads database configs. */
export const DATABASE_REPLICATION_CHECK: Omit<ReplicationCheck, 'atStart'> = {
  from: '3.0',
  change: 'the new ones (an id not stored yet) are stored unchecked as the database loads; each is checked as it starts, without the config-only checks, and one that fails never runs; an adhoc one is deleted when it is stopped',
  source: 'rest/server_context.go@3.0.8.1 and @4.1.1 (PutReplications of the replications not stored); db/sg_replicate_cfg.go@4.1.1 InitializeReplication (ValidateReplication(false)) and the state change that deletes a stopped adhoc replication',
};

/** Whether the target checks a legacy file's replications as it starts, with the checks only a config gets. */
export function checksLegacyReplicationsAtStart(target: Release): boolean {
  return stepAt(LEGACY_REPLICATION_CHECKS, target)?.atStart ?? false;
}
