import type { Rule } from '../types.js';
import type { BehaviourFactId } from '../../releases/behaviour.js';
import { underTarget } from '../../releases/index.js';
import { IGNORED_DATABASE_FIELDS, removeBecause } from '../../releases/ignored-fields.js';
import { upgradeOfLaterReleases } from '../../releases/reading.js';
import type { RuleContext } from '../types.js';
import { databaseEntries, dbLabel, importEnabled, isLegacyMode, lookup, lookupPath } from '../../document/databases.js';

interface RemovedKey {
  path: string[];
  /** What each release does with it. */
  fact: BehaviourFactId;
  /** What the key is, in a few words. */
  what: string;
  /** What replaces it. */
  fix: string;
}

// Top level of a legacy file (reference 2.1, 2.4, 2.6).
const ROOT_KEYS: RemovedKey[] = [
  { path: ['logging', 'default'], fact: 'legacy-key-removed', what: 'the old logging block', fix: 'Use logging.log_file_path, logging.console.log_level / log_keys and the per-level sections (error, warn, info, debug, trace, stats).' },
  { path: ['maxCouchbaseConnections'], fact: 'legacy-key-gone-before-2.8', what: 'a removed connection pool setting', fix: 'Remove it: the client library manages its connections.' },
  { path: ['maxCouchbaseOverflow'], fact: 'legacy-key-gone-before-2.8', what: 'a removed connection pool setting', fix: 'Remove it: the client library manages its connections.' },
  { path: ['skip_runmode_validation'], fact: 'legacy-key-gone-before-2.8', what: 'a removed Sync Gateway Accelerator setting', fix: 'Remove it.' },
  { path: ['runmode'], fact: 'legacy-key-gone-before-2.8', what: 'a removed Sync Gateway Accelerator setting', fix: 'Remove it.' },
  { path: ['SlowServerCallWarningThreshold'], fact: 'legacy-key-gone-before-2.8', what: 'the old name of slowQueryWarningThreshold', fix: 'Rename it to slowQueryWarningThreshold (in a database config: each database\'s slow_query_warning_threshold).' },
  { path: ['adminUI'], fact: 'legacy-key-ignored', what: 'the old admin page setting', fix: 'It has no replacement: remove it.' },
  { path: ['configServer'], fact: 'legacy-key-ignored', what: 'the old config server setting', fix: 'Databases are no longer fetched on demand but created through the admin REST API: remove it.' },
  { path: ['deploymentID'], fact: 'legacy-key-ignored', what: 'an old stats reporting setting', fix: 'It has no replacement: remove it.' },
  { path: ['statsReportInterval'], fact: 'legacy-key-ignored', what: 'an old stats reporting setting', fix: 'It has no replacement: remove it.' },
  { path: ['log'], fact: 'legacy-key-ignored', what: 'the old console log keys', fix: 'Use logging.console.log_keys.' },
  { path: ['logFilePath'], fact: 'legacy-key-ignored', what: 'the old log file path', fix: 'Use logging.log_file_path.' },
  { path: ['cluster_config'], fact: 'legacy-key-ignored', what: 'old CBGT / Accelerator settings', fix: 'Remove it.' },
];

// Facebook/Google: honoured while the legacy file runs, never written by the automatic upgrade.
const LOGIN_KEYS = ['facebook', 'google'];

// Per database (reference 2.3, 2.6). Deprecated keys that the gateway still reads with a warning (pool, kv_tls_port,
// rev_cache_size, the flat cache keys, channel_cache.query_limit) are schema/deprecated's findings, not repeated here.
const DB_KEYS: RemovedKey[] = [
  { path: ['deprecated'], fact: 'legacy-key-removed', what: 'the old container of shadow', fix: 'Remove it.' },
  { path: ['channel_index'], fact: 'legacy-key-gone-before-2.8', what: 'the removed Accelerator channel index', fix: 'Remove it.' },
  // Fields that later releases read and ignore (src/releases/ignored-fields.ts).
  ...IGNORED_DATABASE_FIELDS.map((f) => ({ path: [...f.path], fact: f.fact, what: f.what, fix: removeBecause(f) })),
];

export const rule: Rule = {
  id: 'upgrade/removed-key',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  facts: ['legacy-key-removed', 'legacy-key-ignored', 'legacy-key-gone-before-2.8', ...IGNORED_DATABASE_FIELDS.map((f) => f.fact)],
  // A removed key is also unknown to the schema of the releases that refuse it: one finding, this one.
  supersedes: ['schema/unknown-field'],
  description: 'Removed, renamed or ignored keys: what the target does with each, and what replaces it.',
  check(context) {
    const doc = context.document;
    if (context.kind === 'legacy') {
      for (const key of ROOT_KEYS) {
        const found = lookupPath(doc, '', ...key.path);
        if (found) reportKey(context, key, found.pointer, `"${key.path.join('.')}" is ${key.what}`);
      }
      if (!isLegacyMode(doc)) {
        for (const name of LOGIN_KEYS) {
          const found = lookup(doc, '', name);
          if (!found) continue;
          // A target without the automatic upgrade keeps the login: the upgrade is a later release's.
          const later = upgradeOfLaterReleases(context.upgradesLegacyConfigs);
          context.report({
            pointer: found.pointer, target: 'key', ...(later ? { severity: 'info' as const } : {}),
            message: `"${name}" login is lost when the automatic upgrade${later} rewrites this file`,
            detail: 'It is honoured only while the gateway runs this legacy file: the automatic upgrade never writes it into the new startup config, so it is gone after the first restart. Use an OpenID Connect provider (database "oidc") instead.',
          });
        }
      }
    }
    for (const db of databaseEntries(context.kind, doc)) {
      for (const key of DB_KEYS) {
        const found = lookupPath(db.config, db.pointer, ...key.path);
        if (found) reportKey(context, key, found.pointer, `${dbLabel(db)}: "${key.path.join('.')}" is ${key.what}`);
      }
      const importDocs = lookup(db.config, db.pointer, 'import_docs');
      if (importDocs?.value === 'continuous') {
        // Safe: the gateway reads "continuous" as true.
        context.report({ pointer: importDocs.pointer, message: `${dbLabel(db)}: import_docs "continuous" is a deprecated alias of true`, detail: 'The gateway warns and treats it as true: write true.', fix: { op: 'replace-value', pointer: importDocs.pointer, value: true } });
      }
      const feedType = lookup(db.config, db.pointer, 'feed_type');
      if (typeof feedType?.value === 'string' && feedType.value.toLowerCase() !== 'dcp') {
        // Lower-case "tap" with import enabled is an error of its own (database/feed-type-tap).
        if (!(feedType.value === 'tap' && importEnabled(db, context.settings.edition))) {
          context.report({ pointer: feedType.pointer, message: `${dbLabel(db)}: feed_type "${feedType.value}" is silently ignored`, detail: 'The gateway always uses DCP: remove it.' });
        }
      }
    }
  },
};

/** A removed key's finding, graded by what the target does with the key. */
function reportKey(context: RuleContext, key: RemovedKey, pointer: string, message: string): void {
  const verdict = context.judge(key.fact);
  // Safe: a key the target ignores changes nothing when it is gone.
  const fix = verdict?.treatment === 'ignores' ? { fix: { op: 'remove-member' as const, pointer } } : {};
  if (verdict) context.report({ pointer, target: 'key', ...underTarget(verdict, message, key.fix), ...fix });
}
