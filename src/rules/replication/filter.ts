import type { Rule } from '../types.js';
import { lookup, type Found } from '../../document/databases.js';
import { isObject, joinPointer, type JsonObject } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

const CHANNEL_FILTER = 'sync_gateway/bychannel';

export const rule: Rule = {
  id: 'replication/filter',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'Replication filter and query_params that do not fit together, or that the gateway ignores.',
  check(context) {
    for (const site of replicationSites(context)) {
      const c = site.config;
      const filter = lookup(c, site.pointer, 'filter');
      const params = lookup(c, site.pointer, 'query_params');
      const filterValue = filter?.value;
      // An unknown filter name (V18) is the schema's enum check; nothing more to say about its parameters.
      if (typeof filterValue === 'string' && filterValue !== '' && filterValue !== CHANNEL_FILTER) continue;
      if (filterValue !== CHANNEL_FILTER) {
        if (params && params.value !== null) {
          context.report({ pointer: params.pointer, severity: 'warning', message: `${label(site)}: query_params is ignored without "filter": "${CHANNEL_FILTER}"`, detail: 'Every channel is replicated.' });
        }
        continue;
      }
      if (!params || params.value === null) {
        context.report({ pointer: filter!.pointer, message: `${label(site)}: the channel filter needs query_params`, detail: `For example {"channels": ["a", "b"]}. ${invalidOutcome(site)}` });
        continue;
      }
      const q = params.value;
      if (!isObject(q)) continue; // arrays of channel names are fine; other types are the schema's business
      // query_params is a free-form map that the gateway reads by exact key (no case folding, no key normalisation).
      const channels = member(q, params.pointer, 'channels');
      const collectionsChannels = member(q, params.pointer, 'collections_channels');
      if (channels && collectionsChannels) {
        context.report({ pointer: collectionsChannels.pointer, message: `${label(site)}: query_params cannot have both channels and collections_channels`, detail: invalidOutcome(site) });
      } else if (collectionsChannels) {
        const local = lookup(c, site.pointer, 'collections_local');
        if (!local || !Array.isArray(local.value) || local.value.length === 0) {
          context.report({ pointer: collectionsChannels.pointer, message: `${label(site)}: query_params.collections_channels needs collections_local listing the collections`, detail: invalidOutcome(site) });
        } else if (isObject(collectionsChannels.value)) {
          for (const name of local.value) {
            if (typeof name === 'string' && !Array.isArray(collectionsChannels.value[name])) {
              context.report({ pointer: collectionsChannels.pointer, message: `${label(site)}: collections_channels has no channel list for the local collection "${name}"`, detail: invalidOutcome(site) });
            }
          }
        }
      } else if (!channels) {
        context.report({ pointer: params.pointer, severity: 'warning', message: `${label(site)} replicates nothing: its query_params has neither channels nor collections_channels`, detail: 'The channel filter passes validation with an empty channel set.' });
      }
    }
  },
};

function member(object: JsonObject, base: string, key: string): Found | undefined {
  return Object.hasOwn(object, key) ? { pointer: joinPointer(base, key), value: object[key]! } : undefined;
}
