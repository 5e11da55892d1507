import type { Rule } from '../types.js';
import { underTarget } from '../../releases/index.js';
import { isLegacyMode } from '../../document/databases.js';
import { serverSites } from '../security/common.js';
import { isRosmarAddress, isWalrusFolder, ROSMAR_IN_MEMORY, WALRUS_IN_MEMORY } from './server-address.js';

export const rule: Rule = {
  id: 'upgrade/walrus-server',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  facts: ['walrus-folder-server', 'walrus-memory-bootstrap', 'rosmar-server'],
  description: 'A development store\'s server address a release cannot open: a walrus folder ("walrus:data") or "walrus:" as a persistent-config gateway\'s bootstrap server with rosmar, or a rosmar: address before rosmar.',
  check(context) {
    const folder = context.judge('walrus-folder-server');
    const memory = context.judge('walrus-memory-bootstrap');
    const rosmar = context.judge('rosmar-server');
    // A legacy config in legacy mode has no bootstrap connection: its databases open "walrus:" as a bucket in memory.
    const bootstraps = context.kind === 'bootstrap' || !isLegacyMode(context.document);
    // Where the target itself refuses "walrus:" as the bootstrap server, a store in memory is rosmar's own address.
    const inMemory = JSON.stringify(bootstraps && memory?.severity === 'error' ? ROSMAR_IN_MEMORY : WALRUS_IN_MEMORY);
    for (const site of serverSites(context)) {
      const server = site.found.value;
      // A value the deployment fills in is not known here.
      if (context.holdsEnvironmentReference(site.found.pointer)) continue;
      if (isRosmarAddress(server) && rosmar) {
        context.report({
          pointer: site.found.pointer,
          ...underTarget(rosmar, `${site.label} is a rosmar address, read as a Couchbase Server before rosmar`,
            'Rosmar took the place of walrus as the gateway\'s development store; a release before it has no rosmar and hands the address to the Couchbase client, which cannot connect to it. Write "walrus:" for buckets in memory, or a folder path ("./data").'),
        });
        continue;
      }
      if (isWalrusFolder(server) && folder) {
        context.report({
          pointer: site.found.pointer,
          ...underTarget(folder, `${site.label} names a walrus folder, which rosmar cannot open`,
            'Those releases keep a walrus address\'s buckets with rosmar (SQLite), which reads "walrus:" alone as a bucket in memory and refuses any other walrus: URL: the database does not load, and the files walrus wrote are not read either. ' +
            `Write a folder path ("./data", "/var/lib/sg") where rosmar keeps each bucket, or ${inMemory} for buckets in memory; walrus and rosmar are for development only.`),
        });
      } else if (server === WALRUS_IN_MEMORY && bootstraps && memory) {
        context.report({
          pointer: site.found.pointer,
          ...underTarget(memory, context.kind === 'bootstrap' ? 'bootstrap.server "walrus:" names no folder for the bootstrap\'s rosmar store'
            : `${site.label} is "walrus:", which the automatic upgrade cannot open`,
          'Those releases open a walrus or rosmar bootstrap address as a folder to keep the buckets in, unless it is rosmar\'s own in-memory address: "walrus:" names no folder, and the gateway stops at start ("could not create or access directory to open rosmar cluster"). ' +
            `Write "rosmar:/?mode=memory" for buckets in memory, or a folder path ("./data")${context.kind === 'legacy' ? ', or set "disable_persistent_config": true to stay in legacy mode, where "walrus:" is a bucket in memory' : ''}.`),
        });
      }
    }
  },
};
