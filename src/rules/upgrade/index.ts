// Rules of the "upgrade/" group (legacy -> 3.x hazards, reference 2.6, 8, 9): one module per rule, listed here.
import type { Rule } from '../types.js';
import { rule as databaseWithoutServer } from './database-without-server.js';
import { rule as serverMismatch } from './server-mismatch.js';
import { rule as sharedBucket } from './shared-bucket.js';
import { rule as httpPort } from './http-port.js';
import { rule as credentialsDiffer } from './credentials-differ.js';
import { rule as shadow } from './shadow.js';
import { rule as removedKey } from './removed-key.js';
import { rule as disablePersistentConfig } from './disable-persistent-config.js';
import { rule as viewsIndexReplicas } from './views-index-replicas.js';
import { rule as indexReplicas } from './index-replicas.js';
import { rule as sharedBucketAccessEnabled } from './shared-bucket-access-enabled.js';
import { rule as importWithoutSharedBucketAccess } from './import-without-shared-bucket-access.js';
import { rule as importFilterWithoutImport } from './import-filter-without-import.js';
import { rule as sharedBucketAccessOff } from './shared-bucket-access-off.js';
import { rule as groupIdCe } from './group-id-ce.js';
import { rule as slowQueryThreshold } from './slow-query-threshold.js';
import { rule as principals } from './principals.js';
import { rule as walrusServer } from './walrus-server.js';

export const rules: Rule[] = [
  databaseWithoutServer, serverMismatch, sharedBucket, httpPort, credentialsDiffer, shadow, removedKey,
  disablePersistentConfig, viewsIndexReplicas, indexReplicas, sharedBucketAccessEnabled,
  importWithoutSharedBucketAccess, importFilterWithoutImport, sharedBucketAccessOff, groupIdCe,
  slowQueryThreshold, principals, walrusServer,
];
