// Rules of the "database/" group (database validation D1-D48 and load-time checks that a schema cannot express,
// reference 4.5-4.7): one module per rule, listed here. configs.ts is the shared reader of database configs.
import type { Rule } from '../types.js';
import { rule as compactInterval } from './compact-interval.js';
import { rule as channelCache } from './channel-cache.js';
import { rule as edition } from './edition.js';
import { rule as importPartitions } from './import-partitions.js';
import { rule as revsLimit } from './revs-limit.js';
import { rule as allowConflicts } from './allow-conflicts.js';
import { rule as scopes } from './scopes.js';
import { rule as viewsIncompatible } from './views-incompatible.js';
import { rule as indexSettings } from './index-settings.js';
import { rule as deltaSyncRevMaxAge } from './delta-sync-rev-max-age.js';
import { rule as queryPaginationLimit } from './query-pagination-limit.js';
import { rule as revCacheMemory } from './rev-cache-memory.js';
import { rule as userXattrKey } from './user-xattr-key.js';
import { rule as starChannel } from './star-channel.js';
import { rule as oidcProviders } from './oidc-providers.js';
import { rule as localJwt } from './local-jwt.js';
import { rule as feedTypeTap } from './feed-type-tap.js';
import { rule as principalName } from './principal-name.js';
import { rule as corsMaxAge } from './cors-max-age.js';
import { rule as guestDisabledUnset } from './guest-disabled-unset.js';
import { rule as userPassword } from './user-password.js';
import { rule as userPasswordTooLong } from './user-password-too-long.js';
import { rule as userFunctions } from './user-functions.js';

export const rules: Rule[] = [
  compactInterval, channelCache, edition, importPartitions, revsLimit, allowConflicts, scopes, viewsIncompatible,
  indexSettings, deltaSyncRevMaxAge, queryPaginationLimit, revCacheMemory, userXattrKey, starChannel, oidcProviders, localJwt,
  feedTypeTap, principalName, corsMaxAge, guestDisabledUnset, userPassword, userPasswordTooLong, userFunctions,
];
