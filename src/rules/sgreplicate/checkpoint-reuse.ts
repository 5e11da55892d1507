import type { Rule } from '../types.js';
import { UPGRADE } from '../../releases/upgrade.js';
import { databaseEntries, dbLabel, get, lookup, replicationEntries } from '../../document/databases.js';
import { isObject, type JsonValue } from '../../types.js';
import { isBareName, rebuiltDbUrl, redactUrl, rootReplications, type FirstGenReplication } from './common.js';

const CHANNEL_FILTER = 'sync_gateway/bychannel';

interface Blocker {
  pointer: string;
  field: string;
  why: string;
  /** The gateway itself compares this (reference 7.6); false for the checks the spec adds. */
  gatewayCompares: boolean;
}

export const rule: Rule = {
  id: 'sgreplicate/checkpoint-reuse',
  severity: 'warning',
  kinds: ['legacy'],
  description: 'An inter-gateway replication that takes over a root-level one with the same id: whether the old checkpoint is re-used or the replication restarts from zero.',
  check(context) {
    const root = rootReplications(context.document);
    if (!root) return;
    const adminInterface = (() => {
      const v = get(context.document, 'adminInterface');
      return typeof v === 'string' && v !== '' ? v : '127.0.0.1:4985';
    })();
    for (const db of databaseEntries(context.kind, context.document)) {
      for (const isgr of replicationEntries(db)) {
        // 7.6 step 2: the first root-level entry with the same replication_id is the only candidate.
        const candidate = root.items.find((r) => get(r.config, 'replication_id') === isgr.id);
        if (!candidate) continue;
        const blocker = firstBlocker(db.name ?? '', isgr, candidate, adminInterface);
        const pair = `replication "${isgr.id}" of ${dbLabel(db)}`;
        if (!blocker) {
          context.report({
            pointer: isgr.pointer,
            target: 'key',
            severity: 'info',
            message: `${pair} will re-use the first-generation checkpoint of the same id`,
            detail: `Direction, local database, URL, filter and channels match. This happens only on a ${UPGRADE.interGatewayReplication.line} node with the same host name and AdminInterface as the node that ran the old replication; the root-level entry is then marked upgraded and not started.`,
          });
          continue;
        }
        const tail = blocker.gatewayCompares
          ? 'The replication will restart from zero.'
          : 'sgconf asks for it to match (product specification), but the gateway itself compares only direction, local database and URL: it would still re-use the checkpoint and resume from a sequence reached under the old filter, so documents that only the new filter selects and that changed before that sequence would not be replicated; otherwise the replication restarts from zero.';
        context.report({
          pointer: blocker.pointer,
          message: `${pair} cannot re-use the first-generation checkpoint of the same id (${blocker.field})`,
          detail: `${blocker.why.charAt(0).toUpperCase()}${blocker.why.slice(1)}. ${tail} To restart from zero on purpose, give the inter-gateway replication a different replication_id instead.`,
        });
      }
    }
  },
};

function firstBlocker(dbName: string, isgr: { pointer: string; config: Record<string, JsonValue> }, old: FirstGenReplication, adminInterface: string): Blocker | undefined {
  const direction = lookup(isgr.config, isgr.pointer, 'direction');
  if (direction?.value !== 'push' && direction?.value !== 'pull') {
    return { pointer: direction?.pointer ?? isgr.pointer, field: 'direction', why: `only "push" or "pull" can take over (first-generation replications were one-directional), not ${JSON.stringify(direction?.value ?? null)}`, gatewayCompares: true };
  }
  // 7.6 step 3: the candidate must pass first-generation validation.
  const oldFilter = lookup(old.config, old.pointer, 'filter');
  const oldParams = lookup(old.config, old.pointer, 'query_params');
  if (typeof oldFilter?.value === 'string' && oldFilter.value !== '' && oldFilter.value !== CHANNEL_FILTER) {
    return { pointer: oldFilter.pointer, field: 'filter', why: `the root-level replication's filter "${oldFilter.value}" fails first-generation validation`, gatewayCompares: true };
  }
  if (oldFilter?.value === CHANNEL_FILTER && (!oldParams || oldParams.value === null)) {
    return { pointer: oldFilter.pointer, field: 'query_params', why: 'the root-level replication uses the channel filter without query_params and fails first-generation validation', gatewayCompares: true };
  }
  for (const [name, bad] of [['cancel', (v: unknown) => v === true], ['create_target', (v: unknown) => v === true], ['doc_ids', (v: unknown) => Array.isArray(v) && v.length > 0], ['proxy', (v: unknown) => typeof v === 'string' && v !== '']] as const) {
    const f = lookup(old.config, old.pointer, name);
    if (f && bad(f.value)) {
      return { pointer: f.pointer, field: name, why: name === 'doc_ids' ? 'the root-level replication has a document-id filter, which first-generation validation rejects and inter-gateway replication does not have' : `the root-level replication sets ${name}, which first-generation validation rejects`, gatewayCompares: true };
    }
  }
  const source = lookup(old.config, old.pointer, 'source');
  const target = lookup(old.config, old.pointer, 'target');
  if (typeof source?.value !== 'string' || typeof target?.value !== 'string') {
    return { pointer: old.pointer, field: 'source/target', why: 'the root-level replication lacks a source or a target', gatewayCompares: true };
  }
  if (!isBareName(source.value) && !isBareName(target.value)) {
    return { pointer: old.pointer, field: 'source/target', why: 'neither end of the root-level replication is a local database name', gatewayCompares: true };
  }
  const remote = lookup(isgr.config, isgr.pointer, 'remote');
  const [localEnd, remoteEnd] = direction.value === 'push' ? [source, target] : [target, source];
  const localField = direction.value === 'push' ? 'source' : 'target';
  const remoteField = direction.value === 'push' ? 'target' : 'source';
  if (!isBareName(localEnd.value) || localEnd.value !== dbName) {
    return { pointer: localEnd.pointer, field: localField, why: `for a ${direction.value} replication the root-level ${localField} must be this database's bare name "${dbName}", not "${redactUrl(String(localEnd.value))}"`, gatewayCompares: true };
  }
  const rebuilt = rebuiltDbUrl(String(remoteEnd.value), adminInterface);
  if (typeof remote?.value !== 'string' || rebuilt !== remote.value) {
    const strip = (u: string) => u.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#@]*@/, '$1');
    if (typeof remote?.value === 'string' && rebuilt !== undefined && strip(rebuilt) === strip(remote.value)) {
      return { pointer: remote.pointer, field: 'remote', why: `it must equal the root-level ${remoteField} character for character, and the two URLs differ in their credentials (user name or password)`, gatewayCompares: true };
    }
    return { pointer: remote?.pointer ?? isgr.pointer, field: 'remote', why: `it must equal the root-level ${remoteField} as the gateway rebuilds it, character for character ("${redactUrl(rebuilt ?? String(remoteEnd.value))}"), but it is ${typeof remote?.value === 'string' ? `"${redactUrl(remote.value)}"` : 'missing'}`, gatewayCompares: true };
  }
  // The checks below are the specification's; reference 7.6: "Filter and channels are not compared".
  const newFilter = lookup(isgr.config, isgr.pointer, 'filter');
  const norm = (v: unknown) => (typeof v === 'string' ? v : '');
  if (norm(oldFilter?.value) !== norm(newFilter?.value)) {
    return { pointer: newFilter?.pointer ?? isgr.pointer, field: 'filter', why: `the channel filter differs ("${norm(oldFilter?.value)}" before, "${norm(newFilter?.value)}" now)`, gatewayCompares: false };
  }
  if (norm(oldFilter?.value) === CHANNEL_FILTER) {
    const newParams = lookup(isgr.config, isgr.pointer, 'query_params');
    const a = channelsOf(oldParams?.value);
    const b = channelsOf(newParams?.value);
    if (a.join('\u0000') !== b.join('\u0000')) {
      return { pointer: newParams?.pointer ?? isgr.pointer, field: 'query_params', why: `the channel list differs ([${a.join(', ')}] before, [${b.join(', ')}] now)`, gatewayCompares: false };
    }
  }
  return undefined;
}

function channelsOf(params: JsonValue | undefined): string[] {
  const list = Array.isArray(params) ? params : isObject(params) && Array.isArray(params.channels) ? params.channels : [];
  return [...new Set(list.filter((c): c is string => typeof c === 'string'))].sort();
}
