// Serialising converted configs: strict JSON with two-space indentation and a trailing newline, except that
// an environment reference kept in a number or boolean position is written bare (the gateway's dialect).
import { isObject, setOwn, type JsonValue } from '../types.js';
import { isSecretKey, maskUserinfo, urlUserinfos } from '../secrets.js';
import { BARE_REFERENCE } from './dialect.js';

export function serialize(value: JsonValue, bareReferences: readonly string[] = []): string {
  return JSON.stringify(value, null, 2).replace(new RegExp(`"${BARE_REFERENCE.source}"`, 'g'), (_, i: string) => bareReferences[Number(i)] ?? '') + '\n';
}

/** Does this value hold a credential: a secret field (isSecretKey, as for reports), or a URL with user information (a password or a token)? */
export function holdsSecret(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('://') && urlUserinfos(value).some((u) => u.end > u.start);
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (isObject(value)) {
    return Object.entries(value).some(([k, v]) => (isSecretKey(k) && typeof v === 'string' && v !== '') || holdsSecret(v));
  }
  return false;
}

/** A copy with every literal secret replaced by "<redacted>" (environment references stay: they are not secrets). */
export function redactSecrets(value: JsonValue): JsonValue {
  if (typeof value === 'string') return maskUserinfo(value, '<redacted>', isReference);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (isObject(value)) {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) {
      setOwn(out, k, isSecretKey(k) && typeof v === 'string' && v !== '' && !isReference(v) ? '<redacted>' : redactSecrets(v));
    }
    return out;
  }
  return value;
}

function isReference(s: string): boolean {
  return /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)$/.test(s);
}

/** File names of the outputs; a `/` (legal in database names) would make a folder, so it is escaped. */
export function databaseFileName(name: string): string {
  return name.replace(/%/g, '%25').replace(/\//g, '%2F');
}
