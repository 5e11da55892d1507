import type { Rule } from '../types.js';
import type { BehaviourFactId } from '../../releases/behaviour.js';
import { underTarget } from '../../releases/index.js';
import type { RuleContext, ReportDescriptor } from '../types.js';
import { databaseEntries, dbLabel, importEnabled, isLegacyMode, lookup, lookupPath } from '../../document/databases.js';

interface RemovedKey {
  path: string[];
  /** What each release does with it. */
  fact: BehaviourFactId;
  /** What a 3.x gateway does with it, and what replaces it. */
  message: string;
}

const FATAL = 'unknown to 3.x: the gateway refuses to start with it (FATAL)';

// Top level of a legacy file (reference 2.1, 2.4, 2.6).
const ROOT_KEYS: RemovedKey[] = [
  { path: ['logging', 'default'], fact: 'legacy-key-removed', message: `the pre-2.1 logging block; ${FATAL}. Use logging.log_file_path, logging.console.log_level / log_keys and the per-level sections (error, warn, info, debug, trace, stats)` },
  { path: ['maxCouchbaseConnections'], fact: 'legacy-key-gone-before-2.8', message: `removed after 2.6; ${FATAL}. Remove it: the client library manages its connections` },
  { path: ['maxCouchbaseOverflow'], fact: 'legacy-key-gone-before-2.8', message: `removed after 2.6; ${FATAL}. Remove it: the client library manages its connections` },
  { path: ['skip_runmode_validation'], fact: 'legacy-key-gone-before-2.8', message: `a Sync Gateway Accelerator setting, removed after 2.6; ${FATAL}. Remove it` },
  { path: ['runmode'], fact: 'legacy-key-gone-before-2.8', message: `a Sync Gateway Accelerator setting, removed after 2.6; ${FATAL}. Remove it` },
  { path: ['SlowServerCallWarningThreshold'], fact: 'legacy-key-gone-before-2.8', message: `the 1.x/2.0 name of SlowQueryWarningThreshold; ${FATAL}. Rename it to slowQueryWarningThreshold (3.x: each database's slow_query_warning_threshold)` },
  { path: ['adminUI'], fact: 'legacy-key-ignored', message: 'silently ignored by 3.x; no replacement, remove it' },
  { path: ['configServer'], fact: 'legacy-key-ignored', message: 'silently ignored by 3.x (databases are no longer fetched on demand); 3.x databases are created through the admin REST API, remove it' },
  { path: ['deploymentID'], fact: 'legacy-key-ignored', message: 'silently ignored by 3.x; no replacement, remove it' },
  { path: ['statsReportInterval'], fact: 'legacy-key-ignored', message: 'silently ignored by 3.x; no replacement, remove it' },
  { path: ['log'], fact: 'legacy-key-ignored', message: 'the old console log keys, silently ignored by 3.x; use logging.console.log_keys' },
  { path: ['logFilePath'], fact: 'legacy-key-ignored', message: 'the old log file path, silently ignored by 3.x; use logging.log_file_path' },
  { path: ['cluster_config'], fact: 'legacy-key-ignored', message: 'old CBGT / Accelerator settings, silently ignored by 3.x; remove it' },
];

// Facebook/Google: honoured while the legacy file runs, never written by the automatic upgrade.
const LOGIN_KEYS = ['facebook', 'google'];

// Per database (reference 2.3, 2.6). Deprecated keys that a 3.x gateway still reads with a warning (pool, kv_tls_port,
// rev_cache_size, the flat cache keys, channel_cache.query_limit) are schema/deprecated's findings, not repeated here.
const DB_KEYS: RemovedKey[] = [
  { path: ['deprecated'], fact: 'legacy-key-removed', message: `a 2.1-2.8 container (it held shadow); ${FATAL}. Remove it` },
  { path: ['channel_index'], fact: 'legacy-key-gone-before-2.8', message: `the Sync Gateway Accelerator channel index, removed after 2.6; ${FATAL}. Remove it` },
];

export const rule: Rule = {
  id: 'upgrade/removed-key',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  facts: ['legacy-key-removed', 'legacy-key-ignored', 'legacy-key-gone-before-2.8'],
  description: 'Removed, renamed or ignored 2.x keys: what a 3.x gateway does with each, and what replaces it.',
  check(context) {
    const doc = context.document;
    if (context.kind === 'legacy') {
      for (const key of ROOT_KEYS) {
        const found = lookupPath(doc, '', ...key.path);
        if (found) reportKey(context, key, { pointer: found.pointer, target: 'key', message: `"${key.path.join('.')}": ${key.message}.` });
      }
      if (!isLegacyMode(doc)) {
        for (const name of LOGIN_KEYS) {
          const found = lookup(doc, '', name);
          if (found) context.report({ pointer: found.pointer, target: 'key', message: `"${name}" login is honoured only while the gateway runs this legacy file: the 3.x automatic upgrade never writes it into the new startup config, so it is gone after the first restart. Use an OpenID Connect provider (database "oidc") instead.` });
        }
      }
    }
    for (const db of databaseEntries(context.kind, doc)) {
      for (const key of DB_KEYS) {
        const found = lookupPath(db.config, db.pointer, ...key.path);
        if (found) reportKey(context, key, { pointer: found.pointer, target: 'key', message: `${dbLabel(db)}: "${key.path.join('.')}": ${key.message}.` });
      }
      const importDocs = lookup(db.config, db.pointer, 'import_docs');
      if (importDocs?.value === 'continuous') {
        context.report({ pointer: importDocs.pointer, message: `${dbLabel(db)}: import_docs "continuous" is a deprecated alias: the gateway warns and treats it as true; write true.` });
      }
      const feedType = lookup(db.config, db.pointer, 'feed_type');
      if (typeof feedType?.value === 'string' && feedType.value.toLowerCase() !== 'dcp') {
        // Lower-case "tap" with import enabled is an error of its own (database/feed-type-tap).
        if (!(feedType.value === 'tap' && importEnabled(db, context.settings.edition))) {
          context.report({ pointer: feedType.pointer, message: `${dbLabel(db)}: feed_type "${feedType.value}" is silently ignored by 3.x, which always uses DCP; remove it.` });
        }
      }
    }
  },
};

/** A removed key's finding, graded by what the target does with the key. */
function reportKey(context: RuleContext, key: RemovedKey, descriptor: ReportDescriptor): void {
  const verdict = context.judge(key.fact);
  if (verdict) context.report({ ...descriptor, ...underTarget(verdict, descriptor.message) });
}
