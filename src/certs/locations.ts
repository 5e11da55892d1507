// Where certificate and key paths live in each kind of config (reference section 10). Pure.
import { isObject, joinPointer, type JsonObject, type JsonValue, type Kind } from '../types.js';
import { databaseEntries } from '../document/databases.js';
import type { CertificateRole } from './types.js';

export interface CertificateReference {
  pointer: string;
  role: CertificateRole;
  path: string;
  /** Pointer of the other half of the pair (cert <-> key), when that half is set. */
  pairPointer?: string;
  /** Pointer of the CA file that should sign this client certificate, when set. */
  caPointer?: string;
}

/** A certificate/key pair slot in the config: where each half would be, whether it is set. */
export interface PairSlot {
  purpose: 'client' | 'listener';
  /** Human words for the slot, e.g. `bootstrap`, `database_credentials "db1"`. */
  label: string;
  certPointer: string;
  keyPointer: string;
  cert?: string;
  key?: string;
  caPointer?: string;
  /**
   * A bucket_credentials entry that also has a username or password: the gateway refuses to start
   * (bootstrap/credentials-x509-and-password), whatever the pair holds.
   */
  refusedWithPassword?: boolean;
}

function pathAt(object: JsonObject | undefined, key: string): string | undefined {
  if (!object) return undefined;
  const value = object[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function objectAt(object: JsonValue | undefined, key: string): JsonObject | undefined {
  if (!isObject(object)) return undefined;
  const value = object[key];
  return isObject(value) ? value : undefined;
}

function entries(value: JsonValue | undefined): [string, JsonObject][] {
  if (!isObject(value)) return [];
  return Object.entries(value).filter((entry): entry is [string, JsonObject] => isObject(entry[1]));
}

function pair(purpose: PairSlot['purpose'], label: string, object: JsonObject | undefined, base: string,
  certKey: string, keyKey: string, caPointer?: string): PairSlot {
  return {
    purpose, label,
    certPointer: joinPointer(base, certKey),
    keyPointer: joinPointer(base, keyKey),
    cert: pathAt(object, certKey),
    key: pathAt(object, keyKey),
    caPointer,
  };
}

export interface CertificateLayout {
  /** CA files, with their pointers. */
  cas: { pointer: string; path: string }[];
  pairs: PairSlot[];
}

/** Every certificate/key slot of a config, set or not, by kind. */
export function certificateLayout(kind: Kind, document: JsonValue): CertificateLayout {
  const cas: CertificateLayout['cas'] = [];
  const pairs: PairSlot[] = [];
  if (!isObject(document)) return { cas, pairs };
  if (kind === 'bootstrap') {
    const bootstrap = objectAt(document, 'bootstrap');
    const caPath = pathAt(bootstrap, 'ca_cert_path');
    const caPointer = caPath ? '/bootstrap/ca_cert_path' : undefined;
    if (caPath) cas.push({ pointer: '/bootstrap/ca_cert_path', path: caPath });
    pairs.push(pair('client', 'bootstrap', bootstrap, '/bootstrap', 'x509_cert_path', 'x509_key_path', caPointer));
    pairs.push(pair('listener', 'api.https', objectAt(objectAt(document, 'api'), 'https'), '/api/https', 'tls_cert_path', 'tls_key_path'));
    for (const section of ['database_credentials', 'bucket_credentials'] as const) {
      for (const [name, credentials] of entries(document[section])) {
        const slot = pair('client', `${section} "${name}"`, credentials, joinPointer('', section, name), 'x509_cert_path', 'x509_key_path', caPointer);
        if (section === 'bucket_credentials' && (pathAt(credentials, 'username') ?? pathAt(credentials, 'password')) !== undefined) slot.refusedWithPassword = true;
        pairs.push(slot);
      }
    }
  } else if (kind === 'legacy') {
    pairs.push(pair('listener', 'SSLCert/SSLKey', document, '', 'SSLCert', 'SSLKey'));
    for (const { pointer: base, name, config: database } of databaseEntries(kind, document)) {
      const caPath = pathAt(database, 'cacertpath');
      const caPointer = caPath ? joinPointer(base, 'cacertpath') : undefined;
      if (caPath) cas.push({ pointer: caPointer!, path: caPath });
      pairs.push(pair('client', `database "${name}"`, database, base, 'certpath', 'keypath', caPointer));
    }
  }
  return { cas, pairs };
}

/** Every certificate or key path that is set, with its role and related pointers. */
export function findCertificateReferences(kind: Kind, document: JsonValue): CertificateReference[] {
  const layout = certificateLayout(kind, document);
  const references: CertificateReference[] = layout.cas.map((ca) => ({ pointer: ca.pointer, role: 'ca' as const, path: ca.path }));
  for (const slot of layout.pairs) {
    const certRole: CertificateRole = slot.purpose === 'client' ? 'client-cert' : 'server-cert';
    const keyRole: CertificateRole = slot.purpose === 'client' ? 'client-key' : 'server-key';
    if (slot.cert !== undefined) {
      references.push({
        pointer: slot.certPointer, role: certRole, path: slot.cert,
        pairPointer: slot.key !== undefined ? slot.keyPointer : undefined,
        caPointer: slot.purpose === 'client' ? slot.caPointer : undefined,
      });
    }
    if (slot.key !== undefined) {
      references.push({ pointer: slot.keyPointer, role: keyRole, path: slot.key, pairPointer: slot.cert !== undefined ? slot.certPointer : undefined });
    }
  }
  return references;
}
