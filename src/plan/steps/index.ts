// The steps of a runbook, in the order they are done. A new step is a module here and one line below.
import type { StepModule } from '../context.js';
import { step as prepare } from './prepare.js';
import { step as dataStore } from './data-store.js';
import { step as certificatesApi } from './certificates-api.js';
import { step as viewPrebuild } from './view-prebuild.js';
import { step as bucketShadowing } from './bucket-shadowing.js';
import { step as firstGenerationReplication } from './first-generation-replication.js';
import { step as sharedBucketAccess } from './shared-bucket-access.js';
import { step as viewsAndIndexes } from './views-and-indexes.js';
import { step as persistentConfig } from './persistent-config.js';
import { step as environmentExpansion } from './environment-expansion.js';
import { step as rollingUpgrade } from './rolling-upgrade.js';
import { step as postUpgrade } from './post-upgrade.js';

export const STEPS: readonly StepModule[] = [
  prepare,
  dataStore,
  certificatesApi,
  viewPrebuild,
  bucketShadowing,
  firstGenerationReplication,
  sharedBucketAccess,
  viewsAndIndexes,
  environmentExpansion,
  persistentConfig,
  rollingUpgrade,
  postUpgrade,
];
