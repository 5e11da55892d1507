// What the planner needs to know about a config, read case-insensitively (the gateway matches keys
// that way) and kept with the pointer as written, so every step can quote its evidence.
import { isObject, joinPointer, type JsonObject, type JsonValue, type Kind } from '../types.js';
import type { Evidence } from './types.js';

export interface Located<T = JsonValue> {
  pointer: string;
  key: string;
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

/** The member of `object` whose key equals `key` ignoring case (an exact match wins). */
export function member(object: JsonValue | undefined, base: string, key: string): Located | undefined {
  if (!isObject(object)) return undefined;
  const found = Object.prototype.hasOwnProperty.call(object, key)
    ? key
    : Object.keys(object).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : { pointer: joinPointer(base, found), key: found, value: object[found] };
}

function objectMember(object: JsonValue | undefined, base: string, key: string): Located<JsonObject> | undefined {
  const found = member(object, base, key);
  return found && isObject(found.value) ? (found as Located<JsonObject>) : undefined;
}

function databaseFacts(name: string, pointer: string, db: JsonObject): DatabaseFacts {
  const get = (key: string) => member(db, pointer, key);
  const deprecated = objectMember(db, pointer, 'deprecated');
  const index = objectMember(db, pointer, 'index');
  const replications: IsgrReplication[] = [];
  const isgr = objectMember(db, pointer, 'replications');
  if (isgr) {
    for (const [id, definition] of Object.entries(isgr.value)) {
      if (!isObject(definition)) continue;
      const at = joinPointer(isgr.pointer, id);
      const direction = member(definition, at, 'direction')?.value;
      const remote = member(definition, at, 'remote')?.value;
      replications.push({
        id, pointer: at,
        direction: typeof direction === 'string' ? direction : undefined,
        remote: typeof remote === 'string' ? remote : undefined,
        conflictResolutionType: member(definition, at, 'conflict_resolution_type'),
      });
    }
  }
  return {
    name, pointer,
    server: get('server'), bucket: get('bucket'), username: get('username'), password: get('password'), certpath: get('certpath'), cacertpath: get('cacertpath'),
    useViews: get('use_views'), numIndexReplicas: get('num_index_replicas'),
    indexNumReplicas: index ? member(index.value, index.pointer, 'num_replicas') : undefined,
    sharedBucketAccess: get('enable_shared_bucket_access'), importDocs: get('import_docs'),
    shadow: get('shadow') ?? (deprecated ? member(deprecated.value, deprecated.pointer, 'shadow') : undefined),
    allowConflicts: get('allow_conflicts'), users: get('users'), roles: get('roles'),
    replications,
  };
}

export function readFacts(kind: Kind, config: JsonValue, fileName: string): ConfigFacts {
  const facts: ConfigFacts = { kind, databases: [], firstGen: [] };
  if (!isObject(config)) return facts;
  if (kind === 'legacy') {
    const databases = objectMember(config, '', 'databases');
    for (const [name, db] of Object.entries(databases?.value ?? {})) {
      if (isObject(db)) facts.databases.push(databaseFacts(name, joinPointer(databases!.pointer, name), db));
    }
    const replications = member(config, '', 'replications');
    if (replications && Array.isArray(replications.value)) {
      facts.firstGenPointer = replications.pointer;
      replications.value.forEach((r, index) => {
        if (!isObject(r)) return;
        const at = joinPointer(replications.pointer, index);
        const text = (key: string) => {
          const v = member(r, at, key)?.value;
          return typeof v === 'string' ? v : undefined;
        };
        facts.firstGen.push({ pointer: at, id: text('replication_id'), source: text('source'), target: text('target'), continuous: member(r, at, 'continuous')?.value === true });
      });
    } else if (replications && replications.value !== null) {
      facts.firstGenPointer = replications.pointer;
    }
    facts.adminInterface = member(config, '', 'AdminInterface');
    facts.listenerCert = member(config, '', 'SSLCert');
    facts.disablePersistentConfig = member(config, '', 'disable_persistent_config');
    facts.groupId = member(config, '', 'config_upgrade_group_id');
    facts.useTlsServer = member(config, '', 'use_tls_server');
    facts.adminAuth = member(config, '', 'admin_interface_authentication');
    facts.metricsAuth = member(config, '', 'metrics_interface_authentication');
  } else if (kind === 'bootstrap') {
    const bootstrap = objectMember(config, '', 'bootstrap');
    const api = objectMember(config, '', 'api');
    facts.bootstrapServer = bootstrap && member(bootstrap.value, bootstrap.pointer, 'server');
    facts.groupId = bootstrap && member(bootstrap.value, bootstrap.pointer, 'group_id');
    facts.useTlsServer = bootstrap && member(bootstrap.value, bootstrap.pointer, 'use_tls_server');
    facts.caCert = bootstrap && member(bootstrap.value, bootstrap.pointer, 'ca_cert_path');
    facts.x509Cert = bootstrap && member(bootstrap.value, bootstrap.pointer, 'x509_cert_path');
    facts.adminInterface = api && member(api.value, api.pointer, 'admin_interface');
    facts.adminAuth = api && member(api.value, api.pointer, 'admin_interface_authentication');
    facts.metricsAuth = api && member(api.value, api.pointer, 'metrics_interface_authentication');
    const https = api && objectMember(api.value, api.pointer, 'https');
    facts.listenerCert = https && member(https.value, https.pointer, 'tls_cert_path');
  } else {
    const name = member(config, '', 'name')?.value;
    facts.databases.push(databaseFacts(typeof name === 'string' ? name : fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, ''), '', config));
  }
  return facts;
}

const SECRET_KEY = /pass(word)?|secret|token/i;

/** How a value is quoted in evidence: secrets are named, never shown; passwords in URLs are masked. */
export function quoteValue(key: string, value: JsonValue): string {
  if (SECRET_KEY.test(key)) return '(set; the value is not shown)';
  if (typeof value === 'string') {
    const masked = value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]+):[^@/\s]*@/i, '$1:****@');
    return JSON.stringify(masked.length > 80 ? `${masked.slice(0, 77)}...` : masked);
  }
  if (isObject(value)) return `{ ${Object.keys(value).length} key${Object.keys(value).length === 1 ? '' : 's'} }`;
  if (Array.isArray(value)) return `[ ${value.length} item${value.length === 1 ? '' : 's'} ]`;
  return JSON.stringify(value);
}

export function evidenceOf(located: Located, lineOf: (pointer: string) => number | null, note?: string): Evidence {
  return { pointer: located.pointer, line: lineOf(located.pointer), text: `"${located.key}": ${quoteValue(located.key, located.value)}${note ? ` (${note})` : ''}` };
}

/** Evidence that a key is absent, pointing at the object that lacks it. */
export function absenceOf(pointer: string, key: string, lineOf: (pointer: string) => number | null, note: string): Evidence {
  return { pointer, line: lineOf(pointer), text: `no "${key}" (${note})` };
}

export function isWalrus(server: JsonValue | undefined): boolean {
  return typeof server === 'string' && /^(walrus:|rosmar:|file:|\/|\.)/i.test(server);
}

export function truthy(value: JsonValue | undefined): boolean {
  return value === true || value === 'true' || value === 'continuous';
}
