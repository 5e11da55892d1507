// Step 1 of the conversion: each database's server address, identity and bucket, in file order. The
// first database's server and identity become the bootstrap's; the others must share the server, and
// their own credentials are kept under database_credentials.
import { isObject, joinPointer, setOwn, type JsonObject, type JsonValue, type Severity } from '../types.js';
import { isTlsAddress, upgradeServerAddress } from './address.js';
import { CONVERT_RULES, type Conversion, type Report } from './conversion.js';
import type { ConversionResult } from './types.js';

export interface Identity {
  username: string;
  password: string;
  x509Cert: string;
  x509Key: string;
  ca: string;
}

/** The database whose server and identity the bootstrap config takes. */
export interface Reference {
  db: string;
  server: string;
  identity: Identity;
}

export function readServers(config: JsonObject, databases: JsonObject, { report, result }: Conversion): { reference?: Reference; credentials: JsonObject } {
  const useTls = config.use_tls_server;

  let reference: Reference | undefined;
  const bucketOwner = new Map<string, string>();
  const credentials: JsonObject = {};
  for (const [name, db] of Object.entries(databases)) {
    const base = joinPointer('', 'databases', name);
    if (!isObject(db)) {
      report(CONVERT_RULES.unreadable, 'error', base, `database "${name}" is not an object`);
      continue;
    }
    const at = (key: string) => joinPointer(base, key);
    const server = typeof db.server === 'string' ? db.server : '';
    if (server === '') {
      report(CONVERT_RULES.missingServer, 'error', base,
        `database "${name}" has no "server"; 2.x then used the in-memory walrus: store, 3.x needs every database on the ` +
        'Couchbase Server cluster of the bootstrap config: add "server" (the same address as the other databases)', 'key');
      continue;
    }
    const upgraded = upgradeServerAddress(server);
    if (upgraded.error) {
      report(CONVERT_RULES.serverAddress, 'error', at('server'), `the server address of database "${name}" cannot be upgraded: ${upgraded.error}`);
      continue;
    }
    const identity = identityOf(db, upgraded.credentials);
    if (!reference) {
      reference = { db: name, server: upgraded.address, identity };
      result.identityFrom = name;
      const tlsProblem = tlsProblemOf(upgraded.address, useTls, upgraded.hasEnvReference, upgraded.testStore);
      if (tlsProblem) report(CONVERT_RULES.tlsRequired, tlsProblem.severity, at('server'), tlsProblem.message);
    } else {
      if (upgraded.address !== reference.server) {
        report(CONVERT_RULES.serverMismatch, 'error', at('server'),
          `database "${name}" uses the server "${upgraded.address}" but "${reference.db}" uses "${reference.server}" ` +
          '(after the address upgrade); a 3.x node bootstraps from one cluster, so every database must name the same address');
      }
      placeCredentials(name, identity, reference, credentials, at, report, result);
    }
    const bucket = typeof db.bucket === 'string' && db.bucket !== '' ? db.bucket : name;
    const owner = bucketOwner.get(bucket);
    if (owner !== undefined) {
      report(CONVERT_RULES.bucketCollision, 'error', db.bucket !== undefined ? at('bucket') : base,
        `databases "${owner}" and "${name}" both use the bucket "${bucket}"; an upgraded 3.x database needs a bucket of its own`);
    } else {
      bucketOwner.set(bucket, name);
    }
  }
  return { reference, credentials };
}

function identityOf(db: JsonObject, fromUrl: { username: string; password: string } | undefined): Identity {
  const str = (v: JsonValue | undefined) => (typeof v === 'string' ? v : '');
  const own = str(db.username) !== '' || str(db.password) !== '';
  return {
    username: own ? str(db.username) : fromUrl?.username ?? '',
    password: own ? str(db.password) : fromUrl?.password ?? '',
    x509Cert: str(db.certpath),
    x509Key: str(db.keypath),
    ca: str(db.cacertpath),
  };
}

function tlsProblemOf(address: string, useTls: JsonValue | undefined, hasEnvReference: boolean, testStore: boolean):
  { severity: Severity; message: string } | undefined {
  if (testStore) return undefined;
  if (useTls === false) {
    if (isTlsAddress(address)) {
      return { severity: 'error', message: `"use_tls_server": false cannot be combined with the TLS address "${address}"; remove use_tls_server (or use a couchbase:// address)` };
    }
    return undefined;
  }
  if (isTlsAddress(address)) return undefined;
  if (hasEnvReference && !/^[a-z]+:\/\//.test(address)) {
    return { severity: 'warning', message: `the bootstrap address "${address}" comes from the environment; 3.x requires a couchbases:// address unless "use_tls_server": false is set` };
  }
  return {
    severity: 'error',
    message: `the bootstrap address becomes "${address}", which is not a TLS (couchbases://) address; a 3.x gateway refuses to start with it ` +
      'unless "use_tls_server": false is set: switch the server to couchbases:// (recommended) or add "use_tls_server": false to the legacy config',
  };
}

function placeCredentials(
  name: string, identity: Identity, reference: { db: string; identity: Identity },
  credentials: JsonObject, at: (key: string) => string,
  report: Report,
  result: ConversionResult,
): void {
  const ref = reference.identity;
  if (identity.ca !== '' && identity.ca !== ref.ca) {
    result.dropped.push({ pointer: at('cacertpath'), reason: 'every 3.x database uses the bootstrap CA' });
    report(CONVERT_RULES.credentials, 'warning', at('cacertpath'),
      `database "${name}" names another CA certificate than "${reference.db}"; every 3.x database uses the bootstrap ca_cert_path, so this one is dropped`);
  }
  const hasX509 = identity.x509Cert !== '' && identity.x509Key !== '';
  const hasPassword = identity.username !== '' || identity.password !== '';
  const same = identity.username === ref.username && identity.password === ref.password &&
    identity.x509Cert === ref.x509Cert && identity.x509Key === ref.x509Key;
  if (same) return;
  if (!hasX509 && !hasPassword) {
    report(CONVERT_RULES.credentials, 'info', joinPointer(at('server')),
      `database "${name}" had no credentials of its own; in 3.x it connects with the bootstrap identity (from "${reference.db}")`);
    return;
  }
  const entry: JsonObject = {};
  if (hasX509) {
    entry.x509_cert_path = identity.x509Cert;
    entry.x509_key_path = identity.x509Key;
    if (hasPassword) {
      result.dropped.push({ pointer: at('username'), reason: 'the X.509 pair wins over username/password' });
      report(CONVERT_RULES.credentials, 'info', at('username'),
        `database "${name}" has an X.509 client certificate and a username/password; the certificate wins, so only the X.509 pair is kept in database_credentials`);
    }
  } else {
    entry.username = identity.username;
    entry.password = identity.password;
  }
  setOwn(credentials, name, entry);
  result.credentialsFor.push(name);
  report(CONVERT_RULES.credentials, 'info', at(hasX509 ? 'certpath' : 'username'),
    `database "${name}" connects with other credentials than the bootstrap identity (from "${reference.db}"); they are kept under database_credentials.${name} in bootstrap.json`);
}
