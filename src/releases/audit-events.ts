// The audit events of each release that has audit logging (3.2 and later): base/audit_events.go AuditEvents,
// at the newest patch of each line (3.2.8, 3.3.7, 4.0.7, 4.1.1), folded from the output of
// scripts/releases/extract-audit-events.mjs. A global event is configured in the startup config's
// logging.audit.enabled_events, any other in a database's; the gateway refuses an id it does not know or
// one given at the wrong level (base/logger_audit.go NewAuditLogger: logging setup fails and the gateway does
// not start; rest/config.go DbConfig.validate: the database is refused), @3.2.0 through @4.1.1.
import { compareReleases, type Release } from './index.js';

export const AUDIT_EVENTS_SOURCE = 'base/audit_events.go@3.2.8, @3.3.7, @4.0.7 and @4.1.1 (AuditEvents); base/logger_audit.go NewAuditLogger and rest/config.go DbConfig.validate @3.2.0-@4.1.1';

/** Where an event is configured: the startup config (global) or a database. */
export type AuditLevel = 'global' | 'database';

/**
 * Each event: its id, its name, where it is configured, the first line that knows it, and the patches that
 * added it after their line's first tag (the older patches of those lines refuse it; a line is judged as its
 * newest patch).
 */
export const AUDIT_EVENTS: readonly (readonly [id: number, name: string, level: AuditLevel, from: Release, patches?: readonly string[]])[] = [
  [53248, 'Auditing enabled', 'global', '3.2'],
  [53249, 'Auditing disabled', 'global', '3.2'],
  [53250, 'Auditing configuration changed', 'global', '3.2'],
  [53260, 'Sync Gateway startup', 'global', '3.2'],
  [53270, 'Public HTTP API request', 'global', '3.2'],
  [53271, 'Admin HTTP API request', 'global', '3.2'],
  [53272, 'Metrics HTTP API request', 'global', '3.2'],
  [53273, 'Diagnostic HTTP API request', 'global', '3.3', ['3.3.3', '4.0.3']],
  [53280, 'Public API user authenticated', 'database', '3.2'],
  [53281, 'Public API user authentication failed', 'database', '3.2'],
  [53282, 'Public API user session created', 'database', '3.2'],
  [53283, 'Public API user session deleted', 'database', '3.2'],
  [53284, 'Public API user all sessions deleted', 'database', '3.2'],
  [53290, 'Admin API user authenticated', 'database', '3.2'],
  [53291, 'Admin API user authentication failed', 'database', '3.2'],
  [53292, 'Admin API user authorization failed', 'database', '3.2'],
  [53300, 'sgcollect_info status', 'global', '3.2'],
  [53301, 'sgcollect_info start', 'global', '3.2'],
  [53302, 'sgcollect_info stop', 'global', '3.2'],
  [53303, 'stats requested', 'global', '3.2'],
  [53304, 'profiling requested', 'global', '3.2'],
  [53350, 'Sync Gateway cluster info read', 'global', '3.2'],
  [53351, 'Sync Gateway cluster compatibility version read', 'global', '4.1'],
  [53352, 'Sync Gateway cluster compatibility version frozen', 'global', '4.1'],
  [53353, 'Sync Gateway cluster compatibility version unfrozen', 'global', '4.1'],
  [54000, 'Create database', 'database', '3.2'],
  [54001, 'Read database', 'database', '3.2'],
  [54002, 'Delete database', 'database', '3.2'],
  [54003, 'Read all databases', 'global', '3.2'],
  [54010, 'Read database config', 'database', '3.2'],
  [54011, 'Update database config', 'database', '3.2'],
  [54020, 'Database offline', 'database', '3.2'],
  [54021, 'Database online', 'database', '3.2'],
  [54030, 'Database compaction status', 'database', '3.2'],
  [54031, 'Database attachment compaction start', 'database', '3.2'],
  [54032, 'Database compaction stop', 'database', '3.2'],
  [54040, 'Database resync status', 'database', '3.2'],
  [54041, 'Database resync start', 'database', '3.2'],
  [54042, 'Database resync stop', 'database', '3.2'],
  [54043, 'Post-upgrade', 'global', '3.2'],
  [54044, 'Database repair', 'database', '3.2'],
  [54045, 'Database flush', 'database', '3.2'],
  [54100, 'Create user', 'database', '3.2'],
  [54101, 'Read user', 'database', '3.2'],
  [54102, 'Update user', 'database', '3.2'],
  [54103, 'Delete user', 'database', '3.2'],
  [54104, 'Read all users', 'database', '3.2'],
  [54105, 'Read user access history', 'database', '3.3', ['3.3.6', '4.0.6']],
  [54106, 'Compact user access history', 'database', '3.3', ['3.3.6', '4.0.6']],
  [54110, 'Create role', 'database', '3.2'],
  [54111, 'Read role', 'database', '3.2'],
  [54112, 'Update role', 'database', '3.2'],
  [54113, 'Delete role', 'database', '3.2'],
  [54114, 'Read all roles', 'database', '3.2'],
  [54200, 'Changes feed started', 'database', '3.2'],
  [54300, 'Replication connect', 'database', '3.2'],
  [54301, 'Replication disconnect', 'database', '3.2'],
  [54400, 'Create Inter-Sync Gateway Replication', 'database', '3.2'],
  [54401, 'Read Inter-Sync Gateway Replication', 'database', '3.2'],
  [54402, 'Update Inter-Sync Gateway Replication', 'database', '3.2'],
  [54403, 'Delete Inter-Sync Gateway Replication', 'database', '3.2'],
  [54410, 'Inter-Sync Gateway Replication status', 'database', '3.2'],
  [54411, 'Inter-Sync Gateway Replication start', 'database', '3.2'],
  [54412, 'Inter-Sync Gateway Replication stop', 'database', '3.2'],
  [54413, 'Inter-Sync Gateway Replication reset', 'database', '3.2'],
  [54420, 'All Inter-Sync Gateway Replication status', 'database', '3.2'],
  [54421, 'Read all Inter-Sync Gateway Replications', 'database', '3.2'],
  [55000, 'Create document', 'database', '3.2'],
  [55001, 'Read document', 'database', '3.2'],
  [55002, 'Update document', 'database', '3.2'],
  [55003, 'Delete document', 'database', '3.2'],
  [55004, 'Read document metadata', 'database', '3.2'],
  [55005, 'Import document', 'database', '3.2'],
  [55006, 'Resync document', 'database', '3.2'],
  [55007, 'Revoke document', 'database', '3.2'],
  [55008, 'Compact document channel history', 'database', '3.3', ['3.3.6', '4.0.6']],
  [55010, 'Create attachment', 'database', '3.2'],
  [55011, 'Read attachment', 'database', '3.2'],
  [55012, 'Update attachment', 'database', '3.2'],
  [55013, 'Delete attachment', 'database', '3.2'],
];

/**
 * Whether a pointer (keys as written: the gateway matches them case-insensitively) is an entry of an
 * enabled_events list: the startup config's logging.audit, or a database's.
 */
export function isAuditEventEntry(entry: string): boolean {
  return /^(?:\/databases\/[^/]+)?\/logging\/audit\/enabled_events\/\d+$/i.test(entry);
}

/** The events `release` knows at `level`, oldest id first. */
export function auditEventsOf(release: Release, level: AuditLevel): { id: number; name: string }[] {
  return AUDIT_EVENTS.filter(([, , l, from]) => l === level && compareReleases(from, release) <= 0).map(([id, name]) => ({ id, name }));
}

const byId = new Map(AUDIT_EVENTS.map((row) => [row[0], row]));

/** The event `id` as `release` knows it, or, if it does not, the first release that does. */
export function auditEvent(id: number, release: Release): { known: true; name: string; level: AuditLevel } | { known: false; from?: Release } {
  const row = byId.get(id);
  if (!row) return { known: false };
  const [, name, level, from] = row;
  return compareReleases(from, release) <= 0 ? { known: true, name, level } : { known: false, from };
}
