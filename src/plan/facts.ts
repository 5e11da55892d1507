// What the planner needs to know about a config, each value kept with its pointer as written, so every
// step can quote its evidence.
import { isObject, joinPointer, splitPointer, type JsonObject, type JsonValue, type Kind } from '../types.js';
import { databaseEntries, lookup, replicationEntries, type DatabaseEntry } from '../document/databases.js';
import { isSecretKey, redactUrlCredentials } from '../secrets.js';
import { isTestStoreAddress } from '../rules/upgrade/server-address.js';
import type { ConfigSource } from './source.js';
import type { Evidence } from './types.js';

/** A value of the config with its pointer as written. */
export interface Located<T = JsonValue> {
  pointer: string;
  value: T;
}

export interface IsgrReplication {
  id: string;
  pointer: string;
  direction?: string;
  remote?: string;
  conflictResolutionType?: Located;
}

export interface DatabaseFacts {
  name: string;
  pointer: string;
  server?: Located;
  bucket?: Located;
  username?: Located;
  password?: Located;
  certpath?: Located;
  cacertpath?: Located;
  useViews?: Located;
  numIndexReplicas?: Located;
  indexNumReplicas?: Located;
  sharedBucketAccess?: Located;
  importDocs?: Located;
  shadow?: Located;
  allowConflicts?: Located;
  users?: Located;
  roles?: Located;
  replications: IsgrReplication[];
}

export interface FirstGenReplication {
  pointer: string;
  id?: string;
  source?: string;
  target?: string;
  continuous?: boolean;
}

export interface ConfigFacts {
  kind: Kind;
  databases: DatabaseFacts[];
  firstGen: FirstGenReplication[];
  firstGenPointer?: string;
  adminInterface?: Located;
  listenerCert?: Located;
  disablePersistentConfig?: Located;
  groupId?: Located;
  useTlsServer?: Located;
  adminAuth?: Located;
  metricsAuth?: Located;
  /** 3.x bootstrap server. */
  bootstrapServer?: Located;
  caCert?: Located;
  x509Cert?: Located;
}

// Keys are looked up as the rules look them up (case-insensitively, last spelling wins, as the gateway's
// decoder does): the planner reads the config as written, before the pipeline's key normalisation.
function objectMember(object: JsonValue | undefined, base: string, key: string): Located<JsonObject> | undefined {
  const found = lookup(object, base, key);
  return found && isObject(found.value) ? (found as Located<JsonObject>) : undefined;
}

function databaseFacts(name: string, entry: DatabaseEntry): DatabaseFacts {
  const { pointer, config: db } = entry;
  const get = (key: string) => lookup(db, pointer, key);
  const deprecated = objectMember(db, pointer, 'deprecated');
  const index = objectMember(db, pointer, 'index');
  const replications: IsgrReplication[] = replicationEntries(entry).map(({ id, pointer: at, config: definition }) => {
    const direction = lookup(definition, at, 'direction')?.value;
    const remote = lookup(definition, at, 'remote')?.value;
    return {
      id, pointer: at,
      direction: typeof direction === 'string' ? direction : undefined,
      remote: typeof remote === 'string' ? remote : undefined,
      conflictResolutionType: lookup(definition, at, 'conflict_resolution_type'),
    };
  });
  return {
    name, pointer,
    server: get('server'), bucket: get('bucket'), username: get('username'), password: get('password'), certpath: get('certpath'), cacertpath: get('cacertpath'),
    useViews: get('use_views'), numIndexReplicas: get('num_index_replicas'),
    indexNumReplicas: index ? lookup(index.value, index.pointer, 'num_replicas') : undefined,
    sharedBucketAccess: get('enable_shared_bucket_access'), importDocs: get('import_docs'),
    shadow: get('shadow') ?? (deprecated ? lookup(deprecated.value, deprecated.pointer, 'shadow') : undefined),
    allowConflicts: get('allow_conflicts'), users: get('users'), roles: get('roles'),
    replications,
  };
}

export function readFacts(kind: Kind, config: JsonValue, fileName: string): ConfigFacts {
  const facts: ConfigFacts = { kind, databases: [], firstGen: [] };
  if (!isObject(config)) return facts;
  for (const db of databaseEntries(kind, config)) {
    const name = db.name ?? fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
    facts.databases.push(databaseFacts(name, db));
  }
  if (kind === 'legacy') {
    const replications = lookup(config, '', 'replications');
    if (replications && Array.isArray(replications.value)) {
      facts.firstGenPointer = replications.pointer;
      replications.value.forEach((r, index) => {
        if (!isObject(r)) return;
        const at = joinPointer(replications.pointer, index);
        const text = (key: string) => {
          const v = lookup(r, at, key)?.value;
          return typeof v === 'string' ? v : undefined;
        };
        facts.firstGen.push({ pointer: at, id: text('replication_id'), source: text('source'), target: text('target'), continuous: lookup(r, at, 'continuous')?.value === true });
      });
    } else if (replications && replications.value !== null) {
      facts.firstGenPointer = replications.pointer;
    }
    facts.adminInterface = lookup(config, '', 'adminInterface');
    facts.listenerCert = lookup(config, '', 'SSLCert');
    facts.disablePersistentConfig = lookup(config, '', 'disable_persistent_config');
    facts.groupId = lookup(config, '', 'config_upgrade_group_id');
    facts.useTlsServer = lookup(config, '', 'use_tls_server');
    facts.adminAuth = lookup(config, '', 'admin_interface_authentication');
    facts.metricsAuth = lookup(config, '', 'metrics_interface_authentication');
  } else if (kind === 'bootstrap') {
    const bootstrap = objectMember(config, '', 'bootstrap');
    const api = objectMember(config, '', 'api');
    facts.bootstrapServer = bootstrap && lookup(bootstrap.value, bootstrap.pointer, 'server');
    facts.groupId = bootstrap && lookup(bootstrap.value, bootstrap.pointer, 'group_id');
    facts.useTlsServer = bootstrap && lookup(bootstrap.value, bootstrap.pointer, 'use_tls_server');
    facts.caCert = bootstrap && lookup(bootstrap.value, bootstrap.pointer, 'ca_cert_path');
    facts.x509Cert = bootstrap && lookup(bootstrap.value, bootstrap.pointer, 'x509_cert_path');
    facts.adminInterface = api && lookup(api.value, api.pointer, 'admin_interface');
    facts.adminAuth = api && lookup(api.value, api.pointer, 'admin_interface_authentication');
    facts.metricsAuth = api && lookup(api.value, api.pointer, 'metrics_interface_authentication');
    const https = api && objectMember(api.value, api.pointer, 'https');
    facts.listenerCert = https && lookup(https.value, https.pointer, 'tls_cert_path');
  }
  return facts;
}

/**
 * How a value is quoted in evidence: secrets are named, never shown; passwords in URLs are masked; a value
 * that holds an environment reference is quoted as written (`written`), never expanded.
 */
export function quoteValue(key: string, value: JsonValue, written?: string | null): string {
  if (isSecretKey(key)) return '(set; the value is not shown)';
  if (isObject(value)) return `{ ${Object.keys(value).length} key${Object.keys(value).length === 1 ? '' : 's'} }`;
  if (Array.isArray(value)) return `[ ${value.length} item${value.length === 1 ? '' : 's'} ]`;
  if (written) return shorten(redactUrlCredentials(written));
  if (typeof value === 'string') return JSON.stringify(shorten(redactUrlCredentials(value)));
  return JSON.stringify(value);
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function evidenceOf(located: Located, source: Pick<ConfigSource, 'lineOf' | 'writtenWithEnv'>, note?: string): Evidence {
  const key = splitPointer(located.pointer).pop() ?? '';
  const text = `"${key}": ${quoteValue(key, located.value, source.writtenWithEnv(located.pointer))}`;
  return { pointer: located.pointer, line: source.lineOf(located.pointer), text: note ? `${text} (${note})` : text };
}

/** Evidence that a key is absent, pointing at the object that lacks it. */
export function absenceOf(pointer: string, key: string, lineOf: (pointer: string) => number | null, note: string): Evidence {
  return { pointer, line: lineOf(pointer), text: `no "${key}" (${note})` };
}

/** A database on the embedded test store (walrus:, rosmar:, file:, a path): no data store to upgrade. */
export function isWalrus(server: JsonValue | undefined): boolean {
  return typeof server === 'string' && isTestStoreAddress(server);
}
