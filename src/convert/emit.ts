// Serialising converted configs: strict JSON with two-space indentation and a trailing newline, except that
// an environment reference kept in a number or boolean position is written bare (the gateway's dialect).
import { isObject, type JsonValue } from '../types.js';
import { BARE_REFERENCE } from './dialect.js';

export function serialize(value: JsonValue, bareReferences: readonly string[] = []): string {
  return JSON.stringify(value, null, 2).replace(new RegExp(`"${BARE_REFERENCE.source}"`, 'g'), (_, i: string) => bareReferences[Number(i)] ?? '') + '\n';
}

const SECRET_KEY = /^(password|remote_password|client_secret|validation_key|secret)$/i;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*:)([^@/?#\s]+)(@)/gi;

/** Does this value hold a credential (a password-like field, or a URL with a password)? */
export function holdsSecret(value: unknown): boolean {
  if (typeof value === 'string') return new RegExp(URL_PASSWORD.source, 'i').test(value);
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (isObject(value)) {
    return Object.entries(value).some(([k, v]) => (SECRET_KEY.test(k) && typeof v === 'string' && v !== '') || holdsSecret(v));
  }
  return false;
}

/** A copy with every literal secret replaced by "<redacted>" (environment references stay: they are not secrets). */
export function redactSecrets(value: JsonValue): JsonValue {
  if (typeof value === 'string') return value.replace(URL_PASSWORD, (_, a: string, pw: string, b: string) => (isReference(pw) ? `${a}${pw}${b}` : `${a}<redacted>${b}`));
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (isObject(value)) {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEY.test(k) && typeof v === 'string' && v !== '' && !isReference(v) ? '<redacted>' : redactSecrets(v);
    }
    return out;
  }
  return value;
}

function isReference(s: string): boolean {
  return /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)$/.test(s);
}
