// First-generation replications (the root-level "replications" array of sg-replicate 1), which no 3.x
// release starts with: the sg-replicate decision either drops them or makes each an Inter-Sync Gateway
// Replication of its local database (push when that database was the source, pull when it was the target).
import { isObject, joinPointer, setOwn, type JsonObject, type JsonValue } from '../types.js';
import { localDatabaseName, rebuiltDbUrl, redactUrl } from '../rules/sgreplicate/common.js';
import { CONVERT_RULES, type Conversion } from './conversion.js';

// sg-replicate settings an inter-gateway replication has no place for, and why.
const NOT_CARRIED: Record<string, string> = {
  async: 'inter-gateway replications always run in the background',
  create_target: 'an inter-gateway replication never creates the remote database',
  changes_feed_limit: 'inter-gateway replications size their batches with batch_size (default 200)',
  proxy: 'inter-gateway replications have no proxy setting',
};

/** Asks the sg-replicate decision (when there is a replication to decide about) and carries it out. */
export function convertSgReplicate(config: JsonObject, databases: Record<string, JsonObject>, { decide, drop, report }: Conversion): void {
  const replications = config.replications;
  if (replications === undefined || replications === null) return;
  if (!Array.isArray(replications) || replications.length === 0) {
    drop('/replications', 'info', 'it holds no replication', '"replications"');
    return;
  }
  const choice = decide({
    id: 'sg-replicate', pointer: '/replications', target: 'key',
    question: `${replications.length} sg-replicate replication${replications.length === 1 ? '' : 's'} at the top level, which 3.x refuses; carry or drop?`,
    choices: [
      { id: 'isgr', effect: 'each becomes an Inter-Sync Gateway Replication of its local database; one with no local end is dropped, named' },
      { id: 'drop', effect: 'they are not written; set up inter-gateway replications by hand' },
    ],
    answers: [{ rule: 'sgreplicate/removed' }],
  });
  if (choice === 'drop') {
    drop('/replications', 'warning', 'decision sg-replicate=drop', '"replications"');
    return;
  }
  replications.forEach((replication, index) => {
    const pointer = joinPointer('/replications', index);
    if (!isObject(replication)) {
      drop(pointer, 'warning', 'it is not an object', `replication #${index + 1}`);
      return;
    }
    carryReplication(config, replication, pointer, index, databases, { drop, report });
  });
}

function carryReplication(
  config: JsonObject, replication: JsonObject, pointer: string, index: number,
  databases: Record<string, JsonObject>, { drop, report }: Pick<Conversion, 'drop' | 'report'>,
): void {
  const written = replication.replication_id;
  const label = typeof written === 'string' && written !== '' ? `replication "${written}"` : `replication #${index + 1}`;
  if (replication.cancel === true) {
    drop(pointer, 'info', 'it only cancels a running replication', label);
    return;
  }
  if (replication.doc_ids !== undefined && replication.doc_ids !== null) {
    drop(pointer, 'warning', 'inter-gateway replications cannot replicate a list of document ids', label);
    return;
  }
  const filter = replication.filter;
  if (typeof filter === 'string' && filter !== '' && filter !== 'sync_gateway/bychannel') {
    drop(pointer, 'warning', `inter-gateway replications filter by channel only, not with "${filter}"`, label);
    return;
  }
  const isLocal = (name: string) => Object.hasOwn(databases, name);
  const source = localDatabaseName(replication.source, config, isLocal);
  const target = localDatabaseName(replication.target, config, isLocal);
  const local = source ?? target;
  const other = source ? replication.target : replication.source;
  const admin = typeof config.adminInterface === 'string' && config.adminInterface !== '' ? config.adminInterface : '127.0.0.1:4985';
  const remote = typeof other === 'string' ? rebuiltDbUrl(other, admin) : undefined;
  if (!local || !remote) {
    drop(pointer, 'warning', local ? 'its other end is not a database URL' : 'neither end is a database of this config', label);
    return;
  }
  const db = databases[local]!;
  const existing = isObject(db.replications) ? db.replications : {};
  let id = typeof written === 'string' && written !== '' ? written : `sg-replicate-${index + 1}`;
  while (Object.hasOwn(existing, id)) id += '-1';
  const out: JsonObject = { replication_id: id, remote, direction: source ? 'push' : 'pull' };
  for (const [key, value] of Object.entries(replication)) {
    if (['replication_id', 'source', 'target', 'cancel'].includes(key) || value === null) continue;
    if (key === 'continuous' || key === 'filter' || key === 'query_params') out[key] = value as JsonValue;
    else drop(joinPointer(pointer, key), 'info', NOT_CARRIED[key] ?? 'inter-gateway replications have no such setting', `"${key}" of ${label}`);
  }
  setOwn(existing, id, out);
  db.replications = existing;
  report(CONVERT_RULES.sgReplicate, 'info', pointer, `${label} becomes the ${out.direction} replication "${id}" of database "${local}"`, undefined,
    `Its remote is "${redactUrl(remote)}": add remote_username and remote_password if that gateway asks for credentials (3.x admin ports do). ` +
    'It starts from its own checkpoint, so the first run compares every document once.');
}
