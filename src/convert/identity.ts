// Step 1 of the conversion: each database's server address, identity and bucket, in file order. The
// first database's server and identity become the bootstrap's; the others must share the server, and
// their own credentials are kept under database_credentials.
import { isObject, joinPointer, setOwn, type JsonObject, type JsonValue, type Severity } from '../types.js';
import { isTlsAddress, tlsAddress, upgradeServerAddress, type UpgradedAddress } from './address.js';
import { redactUrl } from '../rules/sgreplicate/common.js';
import { CONVERT_RULES, targetRefuses, type Conversion, type Report } from './conversion.js';
import type { ConversionResult, ConvertOptions } from './types.js';
import { isRosmarAddress, isWalrusFolder, ROSMAR_IN_MEMORY, WALRUS_IN_MEMORY } from '../rules/upgrade/server-address.js';

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

export interface Servers {
  reference?: Reference;
  credentials: JsonObject;
  /** Databases a decision leaves out of this conversion (on another cluster, or without a server). */
  omitted: string[];
  /** The bootstrap's use_tls_server when a decision sets it. */
  useTlsServer?: false;
}

export function readServers(config: JsonObject, databases: JsonObject, conversion: Conversion): Servers {
  const { report, result, decide } = conversion;
  const useTls = config.use_tls_server;
  const credentials: JsonObject = {};
  const omitted: string[] = [];

  // Each database's address, upgraded as the gateway's own upgrade does.
  const addressed: { name: string; db: JsonObject; server: string; upgraded: UpgradedAddress }[] = [];
  const withoutServer: string[] = [];
  for (const [name, db] of Object.entries(databases)) {
    const base = joinPointer('', 'databases', name);
    if (!isObject(db)) {
      report(CONVERT_RULES.unreadable, 'error', base, `database "${name}" is not an object`);
      continue;
    }
    const server = typeof db.server === 'string' ? db.server : '';
    if (server === '') {
      withoutServer.push(name);
      continue;
    }
    const upgraded = upgradeServerAddress(server);
    if (upgraded.error) {
      report(CONVERT_RULES.serverAddress, 'error', joinPointer(base, 'server'), `the server address of database "${name}" cannot be upgraded`, undefined, upgraded.error);
      continue;
    }
    addressed.push({ name, db, server, upgraded });
  }

  // Decision: databases without a server (2.x kept them in the in-memory walrus: store).
  let missingServer: string | undefined;
  if (withoutServer.length > 0) {
    const names = quoteList(withoutServer);
    missingServer = decide({
      id: 'missing-server', pointer: joinPointer('', 'databases', withoutServer[0]!), target: 'key',
      question: `where do ${names} live? ${withoutServer.length === 1 ? 'It has' : 'They have'} no "server" (2.x used the in-memory walrus: store)`,
      choices: addressed.length > 0
        ? [
          { id: 'bootstrap-server', effect: `${names} use the bootstrap cluster; a bucket of that name must exist there, and ${withoutServer.length === 1 ? 'it starts' : 'they start'} empty` },
          { id: 'omit', effect: `${names} ${withoutServer.length === 1 ? 'is' : 'are'} not converted` },
        ]
        : [{ id: 'walrus', effect: `the bootstrap server is "${inMemoryStore(conversion.options)}", an in-memory store for development that starts empty on every start, as walrus: in 2.x` }],
      answers: [{ rule: 'upgrade/database-without-server' }],
    });
    if (missingServer === 'omit') omitted.push(...withoutServer);
  }

  // Decision: databases on different clusters (a 3.x node bootstraps from one).
  const clusters = new Map<string, string[]>();
  for (const a of addressed) clusters.set(a.upgraded.address, [...(clusters.get(a.upgraded.address) ?? []), a.name]);
  let chosenServer = addressed[0]?.upgraded.address;
  if (clusters.size > 1) {
    const choice = decide({
      id: 'server', pointer: joinPointer('', 'databases', addressed.find((a) => a.upgraded.address !== chosenServer)!.name, 'server'),
      question: 'the databases name different clusters; which one does this gateway bootstrap from?',
      choices: [...clusters].map(([server, names]) => ({
        id: names[0]!,
        effect: `the bootstrap server is "${redactUrl(server)}" (as for ${quoteList(names)}); ${quoteList(addressed.filter((a) => a.upgraded.address !== server).map((a) => a.name))} are not converted (convert them in another run)`,
      })),
      answers: [{ rule: 'upgrade/server-mismatch' }],
    });
    chosenServer = addressed.find((a) => a.name === choice)?.upgraded.address ?? chosenServer;
    for (const a of addressed) if (a.upgraded.address !== chosenServer) omitted.push(a.name);
  }

  // A development store the target opens otherwise than 2.x did (upgrade/walrus-server).
  if (chosenServer !== undefined) {
    const store = developmentStore(chosenServer, addressed, conversion);
    if (store !== chosenServer) {
      for (const a of addressed) if (a.upgraded.address === chosenServer) a.upgraded = { ...a.upgraded, address: store };
      chosenServer = store;
    }
  }

  // Decision: a cluster address without TLS, which 3.0 and later refuse unless use_tls_server is false.
  let useTlsServer: false | undefined;
  let tls = false;
  const needsTls = (a: UpgradedAddress) => !a.testStore && useTls !== false && !isTlsAddress(a.address) && !(a.hasEnvReference && !/^[a-z]+:\/\//.test(a.address));
  const clearText = addressed.find((a) => needsTls(a.upgraded));
  if (clearText) {
    const choice = decide({
      id: 'server-tls', pointer: joinPointer('', 'databases', clearText.name, 'server'),
      question: `the server "${redactUrl(clearText.upgraded.address)}" has no TLS, which 3.x refuses by default; connect with TLS or in clear text?`,
      choices: [
        { id: 'tls', effect: `the bootstrap server becomes "${redactUrl(tlsAddress(clearText.upgraded.address))}"; the cluster must serve TLS with a certificate the gateway trusts (system roots or bootstrap.ca_cert_path)` },
        { id: 'clear-text', effect: 'bootstrap.use_tls_server is false: the gateway talks to the cluster without TLS, as 2.x did, so credentials and documents travel in clear text' },
      ],
      answers: [{ rule: 'security/non-tls-server' }],
    });
    if (choice === 'tls') tls = true;
    else useTlsServer = false;
  }

  const converted = Object.keys(databases).filter((name) => !omitted.includes(name) && isObject(databases[name]));
  // The bootstrap identity: the first converted database with a server (the gateway's own upgrade takes the first).
  let reference: Reference | undefined;
  const first = addressed.find((a) => converted.includes(a.name));
  if (first) {
    const address = tls && needsTls(first.upgraded) ? tlsAddress(first.upgraded.address) : first.upgraded.address;
    reference = { db: first.name, server: address, identity: identityOf(first.db, first.upgraded.credentials) };
    const tlsProblem = tlsProblemOf(first.upgraded.address, useTls, first.upgraded.hasEnvReference, first.upgraded.testStore);
    if (tlsProblem) report(CONVERT_RULES.tlsRequired, tlsProblem.severity, joinPointer('', 'databases', first.name, 'server'), tlsProblem.message, undefined, tlsProblem.detail);
  } else if (missingServer === 'walrus' && converted.length > 0) {
    reference = { db: converted[0]!, server: inMemoryStore(conversion.options), identity: identityOf(databases[converted[0]!] as JsonObject, undefined) };
  }
  if (reference) result.identityFrom = reference.db;
  const bucketOwner = new Map<string, string>();
  for (const name of converted) {
    const db = databases[name] as JsonObject;
    const base = joinPointer('', 'databases', name);
    const at = (key: string) => joinPointer(base, key);
    if (reference && name !== reference.db) {
      const own = addressed.find((a) => a.name === name);
      placeCredentials(name, identityOf(db, own?.upgraded.credentials), reference, credentials, at, report, result);
    }
    const bucket = typeof db.bucket === 'string' && db.bucket !== '' ? db.bucket : name;
    const owner = bucketOwner.get(bucket);
    if (owner !== undefined) {
      report(CONVERT_RULES.bucketCollision, 'error', db.bucket !== undefined ? at('bucket') : base,
        `databases "${owner}" and "${name}" both use the bucket "${bucket}"`, undefined,
        'An upgraded 3.x database needs a bucket of its own: give each database its own bucket.');
    } else {
      bucketOwner.set(bucket, name);
    }
  }
  for (const name of omitted) {
    if (conversion.pending('missing-server') || conversion.pending('server')) break;
    result.dropped.push({ pointer: joinPointer('', 'databases', name), reason: 'a decision leaves it out of this conversion' });
    report(CONVERT_RULES.droppedField, 'warning', joinPointer('', 'databases', name), `database "${name}" is not converted, as decided`, 'key',
      'A decision of this conversion (missing-server or server) leaves it out; convert it in a run of its own.');
  }
  return { reference, credentials, omitted, ...(useTlsServer === false ? { useTlsServer } : {}) };
}

/**
 * The address the bootstrap config gets for `server` where the target opens a development store otherwise
 * than 2.x did: a walrus folder is the walrus-folder decision (kept while it is pending), "walrus:" becomes
 * the target's store in memory, and a rosmar address the target cannot open is refused. Any other is kept.
 */
function developmentStore(server: string, addressed: readonly { name: string; upgraded: UpgradedAddress }[], { options, decide, report }: Conversion): string {
  const at = joinPointer('', 'databases', addressed.find((a) => a.upgraded.address === server)!.name, 'server');
  const inMemory = inMemoryStore(options);
  if (isWalrusFolder(server) && targetRefuses(options, 'walrus-folder-server')) {
    const folder = rosmarFolder(server);
    const choice = decide({
      id: 'walrus-folder', pointer: at,
      question: `${options.target} cannot open the walrus folder "${server}": buckets in memory or a rosmar folder?`,
      choices: [
        { id: 'memory', effect: `the bootstrap server is "${inMemory}": rosmar keeps the buckets in memory, empty at every start` },
        ...(folder !== undefined ? [{ id: 'folder', effect: `the bootstrap server is "${folder}": rosmar keeps each bucket in a folder there, starting empty (it does not read the files walrus wrote)` }] : []),
      ],
    });
    return choice === 'memory' ? inMemory : choice === 'folder' && folder !== undefined ? folder : server;
  }
  if (isRosmarAddress(server) && targetRefuses(options, 'rosmar-server')) {
    report(CONVERT_RULES.serverAddress, 'error', at, `the server "${server}" is a rosmar address, which ${options.target} cannot open`, undefined,
      `Rosmar is the development store of 3.2 and later; ${options.target} reads the address as a Couchbase Server's (base/constants.go@3.1.11 ServerIsWalrus). Convert for 3.2 or later, or write "walrus:" or a folder path.`);
    return server;
  }
  if (server === WALRUS_IN_MEMORY && inMemory !== WALRUS_IN_MEMORY) {
    report(CONVERT_RULES.serverAddress, 'info', at, `the bootstrap server "walrus:" is written "${inMemory}", the same store in memory for ${options.target}`, undefined,
      `${options.target} opens a bootstrap address other than "${inMemory}" as a folder, and "walrus:" names none (base/rosmar_cluster.go@4.1.0 NewRosmarCluster).`);
    return inMemory;
  }
  return server;
}

/** The bootstrap's store in memory as the target opens it: "walrus:" until rosmar's cluster wants its own address. */
function inMemoryStore(options: ConvertOptions): string {
  return targetRefuses(options, 'walrus-memory-bootstrap') ? ROSMAR_IN_MEMORY : WALRUS_IN_MEMORY;
}

/**
 * The folder of a walrus address as an address rosmar opens (a path; base/constants.go@4.1.1 ServerIsWalrus
 * takes "/" and "." for the gateway's own store), or undefined where it names a host ("walrus://h/x").
 */
function rosmarFolder(address: string): string | undefined {
  const rest = address.slice(WALRUS_IN_MEMORY.length);
  if (rest.startsWith('//')) return undefined;
  return rest.startsWith('/') || rest.startsWith('.') ? rest : `./${rest}`;
}

function quoteList(names: readonly string[]): string {
  return names.map((n) => `"${n}"`).join(', ');
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
  { severity: Severity; message: string; detail?: string } | undefined {
  if (testStore) return undefined;
  if (useTls === false) {
    if (isTlsAddress(address)) {
      return { severity: 'error', message: `"use_tls_server": false cannot be combined with the TLS address "${address}"`, detail: 'Remove use_tls_server (or use a couchbase:// address).' };
    }
    return undefined;
  }
  if (isTlsAddress(address)) return undefined;
  if (hasEnvReference && !/^[a-z]+:\/\//.test(address)) {
    return { severity: 'warning', message: `the bootstrap address "${address}" comes from the environment`, detail: '3.x requires a couchbases:// address unless "use_tls_server": false is set.' };
  }
  // A clear-text address is the server-tls decision.
  return undefined;
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
    report(CONVERT_RULES.credentials, 'warning', at('cacertpath'), `database "${name}" names another CA certificate than "${reference.db}"; it is dropped`, undefined,
      'Every 3.x database uses the bootstrap ca_cert_path.');
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
      report(CONVERT_RULES.credentials, 'info', at('username'), `database "${name}" has an X.509 certificate and a password; only the certificate is kept`, undefined,
        'The certificate wins, so only the X.509 pair goes to database_credentials.');
    }
  } else {
    entry.username = identity.username;
    entry.password = identity.password;
  }
  setOwn(credentials, name, entry);
  result.credentialsFor.push(name);
  report(CONVERT_RULES.credentials, 'info', at(hasX509 ? 'certpath' : 'username'), `database "${name}" has credentials of its own; they go to database_credentials`, undefined,
    `The bootstrap identity is "${reference.db}"'s; bootstrap.json keeps "${name}"'s under database_credentials.${name}.`);
}
