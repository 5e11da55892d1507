// Rules of the "convert/" group: emitted by the converter and the build (src/convert/), declared here.
import type { Rule } from '../types.js';
import { rule as notLegacy } from './not-legacy.js';
import { rule as unreadable } from './unreadable.js';
import { rule as noDatabases } from './no-databases.js';
import { rule as serverAddress } from './server-address.js';
import { rule as tlsRequired } from './tls-required.js';
import { rule as bucketCollision } from './bucket-collision.js';
import { rule as sgReplicate } from './sg-replicate.js';
import { rule as persistentConfigDisabled } from './persistent-config-disabled.js';
import { rule as replicationId } from './replication-id.js';
import { rule as functionSource } from './function-source.js';
import { rule as droppedField } from './dropped-field.js';
import { rule as sharedBucketAccess } from './shared-bucket-access.js';
import { rule as credentials } from './credentials.js';
import { rule as envReference } from './env-reference.js';
import { rule as overwrittenValue } from './overwritten-value.js';
import { rule as outputInvalid } from './output-invalid.js';
import { rule as buildInput } from './build-input.js';
import { rule as decisionNeeded } from './decision-needed.js';
import { rule as decisionUnused } from './decision-unused.js';
import { rule as principalName } from './principal-name.js';

export const rules: Rule[] = [
  notLegacy, unreadable, noDatabases, decisionNeeded, decisionUnused, serverAddress, tlsRequired, bucketCollision, sgReplicate, persistentConfigDisabled, replicationId, functionSource, droppedField, sharedBucketAccess, credentials, envReference, overwrittenValue, outputInvalid, buildInput, principalName,
];
