// Serialising converted configs: strict JSON with two-space indentation and a trailing newline, except that
// an environment reference kept in a number or boolean position is written bare (the gateway's dialect).
import { isObject, setOwn, type JsonValue } from '../types.js';
import { isSecretKey, urlUserinfos } from '../report/redact.js';
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
  if (typeof value === 'string') return redactUserinfo(value);
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

/** `user:password@` keeps the user; a token alone (`token@`) goes whole; references stay. */
function redactUserinfo(text: string): string {
  if (!text.includes('://')) return text;
  let out = '';
  let copied = 0;
  for (const { start, end } of urlUserinfos(text)) {
    const userinfo = text.slice(start, end);
    const colon = userinfo.indexOf(':');
    const secret = colon < 0 ? userinfo : userinfo.slice(colon + 1);
    if (secret === '' || isReference(secret)) continue;
    out += text.slice(copied, start) + (colon < 0 ? '<redacted>' : `${userinfo.slice(0, colon)}:<redacted>`);
    copied = end;
  }
  return out + text.slice(copied);
}

function isReference(s: string): boolean {
  return /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)$/.test(s);
}
