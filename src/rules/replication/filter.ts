import type { Rule, RuleContext } from '../types.js';
import { lookup, type Found } from '../../document/databases.js';
import { underTarget } from '../../releases/index.js';
import { fieldKnownTo } from '../../schema/release-fields.js';
import { isObject, joinPointer, type JsonObject, type JsonValue } from '../../types.js';
import { invalidOutcome, label, replicationSites, type ReplicationSite } from './common.js';

const CHANNEL_FILTER = 'sync_gateway/bychannel';

export const rule: Rule = {
  id: 'replication/filter',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['channel-filter-without-channels'],
  description: 'Replication filter and query_params that do not fit together, that the gateway ignores, or whose empty channel list pushes every channel.',
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
        context.report({ pointer: filter!.pointer, message: `${label(site)}: the channel filter needs query_params`, detail: `For example {"channels": ["a", "b"]}. ${invalidOutcome(site, context)}` });
        continue;
      }
      const q = params.value;
      if (Array.isArray(q)) {
        checkChannelList(context, site, { pointer: params.pointer, value: q });
        continue;
      }
      if (!isObject(q)) continue; // other types are the schema's business
      // query_params is a free-form map that the gateway reads by exact key (no case folding, no key normalisation).
      const channels = member(q, params.pointer, 'channels');
      // Releases before collections (3.1) read channels alone: collections_channels is any other key to them.
      const readsCollections = fieldKnownTo(context.kind, joinPointer(site.pointer, 'collections_local'), context.target);
      const collectionsChannels = readsCollections ? member(q, params.pointer, 'collections_channels') : undefined;
      const withoutChannels = channels ? null : context.judge('channel-filter-without-channels');
      if (withoutChannels) {
        context.report({ pointer: params.pointer, ...underTarget(withoutChannels, `${label(site)}: query_params has no channels list`, `Write {"channels": ["a", "b"]}. ${invalidOutcome(site, context)}`) });
      } else if (channels && collectionsChannels) {
        context.report({ pointer: collectionsChannels.pointer, message: `${label(site)}: query_params cannot have both channels and collections_channels`, detail: invalidOutcome(site, context) });
      } else if (channels) {
        checkChannelList(context, site, channels);
      } else if (collectionsChannels) {
        const local = lookup(c, site.pointer, 'collections_local');
        if (!local || !Array.isArray(local.value) || local.value.length === 0) {
          context.report({ pointer: collectionsChannels.pointer, message: `${label(site)}: query_params.collections_channels needs collections_local listing the collections`, detail: invalidOutcome(site, context) });
        } else if (!isObject(collectionsChannels.value)) {
          context.report({ pointer: collectionsChannels.pointer, message: `${label(site)}: query_params.collections_channels is not a map of collection to channel list`, detail: `For example {"collections_channels": {"scope.collection": ["a"]}}. ${invalidOutcome(site, context)}` });
        } else {
          for (const name of local.value) {
            if (typeof name !== 'string') continue;
            const list = member(collectionsChannels.value, collectionsChannels.pointer, name);
            if (!list || !Array.isArray(list.value)) {
              context.report({ pointer: list?.pointer ?? collectionsChannels.pointer, message: `${label(site)}: collections_channels has no channel list for the local collection "${name}"`, detail: invalidOutcome(site, context) });
            } else {
              checkChannelList(context, site, list, name);
            }
          }
        }
      } else {
        reportEmpty(context, site, params.pointer, 'its query_params has neither channels nor collections_channels');
      }
    }
  },
};

/** The channel names of one list: each must be a string; an empty list is no filter for a push. */
function checkChannelList(context: RuleContext, site: ReplicationSite, list: Found, collection?: string): void {
  if (!Array.isArray(list.value)) {
    context.report({ pointer: list.pointer, message: `${label(site)}: query_params.channels is not a list of channel names`, detail: `Write {"channels": ["a", "b"]}. ${invalidOutcome(site, context)}` });
    return;
  }
  list.value.forEach((name: JsonValue, i) => {
    if (typeof name !== 'string') {
      const shown = Array.isArray(name) ? 'a list' : isObject(name) ? 'an object' : JSON.stringify(name);
      context.report({ pointer: joinPointer(list.pointer, i), message: `${label(site)}: the channel name ${shown} in query_params is not a string`, detail: `Write each channel name as a string. ${invalidOutcome(site, context)}` });
    }
  });
  if (list.value.length === 0) reportEmpty(context, site, list.pointer, collection === undefined ? 'its channel list is empty' : `its channel list for "${collection}" is empty`);
}

/**
 * An empty channel set passes validation, and then the gateway sends no channel filter at all: a push sends
 * the changes of every channel (db/active_replicator_push.go), and a pull asks the remote for changes of no
 * channel, which every release refuses ("Empty channel list", db/blip_handler.go), 2.8.0 to 4.1.1.
 */
function reportEmpty(context: RuleContext, site: ReplicationSite, pointer: string, why: string): void {
  const direction = lookup(site.config, site.pointer, 'direction')?.value;
  const pushes = direction === 'push' || direction === 'pushAndPull';
  const pulls = direction === 'pull' || direction === 'pushAndPull';
  const effect = pushes && pulls ? 'pushes every channel and pulls nothing' : pushes ? 'pushes every channel' : pulls ? 'pulls nothing' : 'has an empty channel filter';
  context.report({
    pointer,
    severity: 'warning',
    message: `${label(site)} ${effect}: ${why}`,
    detail: 'With no channel to filter by, the gateway filters nothing: a push sends the changes of every channel, and a pull asks the remote for the changes of no channel, which the remote refuses ("Empty channel list"), so the pull fails. Name the channels to replicate.',
  });
}

function member(object: JsonObject, base: string, key: string): Found | undefined {
  return Object.hasOwn(object, key) ? { pointer: joinPointer(base, key), value: object[key]! } : undefined;
}
