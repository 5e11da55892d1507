// Secrets never leave the tool: field names that hold them, and a scrubber for any text we print.
import type { JsonValue } from './types.js';
import { withinOneEdit } from './distance.js';

// ^k$: the key material of a JSON Web Key (local_jwt keys).
const SECRET_KEY = /(pass(word)?|secret|token|private|credential|api_?key|_key$|^key$|^k$)/i;
const PATH_KEY = /(_path|path$|cert|keypath)/i;

/** Whether a field holds a secret value (not a path to a key file, which is fine to show). */
export function isSecretKey(name: string): boolean {
  let secret = secretKeys.get(name);
  if (secret === undefined) {
    secret = (SECRET_KEY.test(name) || misspeltSecretWord(name)) && !PATH_KEY.test(name);
    // Asked for every value of a config, mostly of a few dozen names (a cold lint asks in V8's interpreter).
    // A config of a million distinct names empties it every SECRET_KEYS_KEPT names: it never holds more.
    if (secretKeys.size >= SECRET_KEYS_KEPT) secretKeys.clear();
    secretKeys.set(name, secret);
  }
  return secret;
}

/** isSecretKey's answers by name, at most SECRET_KEYS_KEPT of them. */
const secretKeys = new Map<string, boolean>();
const SECRET_KEYS_KEPT = 4096;

const SECRET_WORDS = ['password', 'passwd', 'secret', 'token', 'credential', 'credentials', 'apikey'];

/**
 * A key that misspells a secret word (`pasword`, `passwrod`, `secert`): the gateway ignores or refuses
 * the field, but the value is still the credential its writer meant, and is masked like one.
 */
function misspeltSecretWord(name: string): boolean {
  // Most keys are plain lower-case words: one candidate, no splitting (a config may have 1,000,000 keys).
  if (/^[a-z]+$/.test(name)) return SECRET_WORDS.some((secret) => withinOneEdit(name, secret));
  const joined = name.toLowerCase().replace(/[^a-z]/g, '');
  if (joined.length < 4) return false;
  if (SECRET_WORDS.some((secret) => withinOneEdit(joined, secret))) return true;
  const words = name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 5);
  return words.some((word) => SECRET_WORDS.some((secret) => withinOneEdit(word, secret)));
}


/** Characters that end a URL's user information: whitespace, `/ ? #` and quotes. */
const USERINFO_END = new Set([' ', '\t', '\n', '\r', '\f', '\v', '/', '?', '#', '"', "'", '`']);
const SCHEME_CHAR = /[a-z0-9+.-]/i;

/**
 * The user information of every `scheme://userinfo@` in a text, found in one pass (a regular expression
 * with a repeated class before "@" backtracks quadratically over a long text without "@").
 */
export function urlUserinfos(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let from = 0;
  for (;;) {
    const sep = text.indexOf('://', from);
    if (sep < 0) return found;
    from = sep + 3;
    // A scheme: letters, digits, + . - right before "://", starting with a letter.
    let s = sep;
    let letter = false;
    while (s > 0 && SCHEME_CHAR.test(text[s - 1]!)) {
      s--;
      if (/[a-z]/i.test(text[s]!)) letter = true;
    }
    if (!letter) continue;
    let i = from;
    while (i < text.length && text[i] !== '@' && !USERINFO_END.has(text[i]!)) i++;
    if (text[i] === '@') found.push({ start: from, end: i });
    // The next "://" can only start where this scan stopped (a "/" ended it) or later.
    from = Math.max(from, i);
  }
}

/**
 * Credentials in every URL of a text, masked: `user:password@` -> `user:****@`, `:password@` -> `:****@`,
 * and a user name alone (`token@`, how access tokens are often passed) -> `****@`. The one place that
 * decides this: messages, code frames and the rules' URL quotes all call it.
 */
export function redactUrlCredentials(text: string): string {
  return redactQuerySecrets(redactUserinfo(text));
}

/** `?token=...`, `&password=...`: a credential passed in a query string. */
function redactQuerySecrets(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(QUERY_PARAMETER, (whole, separator: string, name: string) => (isSecretKey(name) ? `${separator}${name}=****` : whole));
}

const QUERY_PARAMETER = /([?&])([A-Za-z0-9_]+)=([^&#\s"'`]+)/g;

function redactUserinfo(text: string): string {
  return maskUserinfo(text, '****');
}

/**
 * Every URL's credentials replaced by `mask`: `user:secret@` keeps the user, a token alone (`token@`) goes
 * whole. `keep` spares a secret (the converter keeps environment references, which are not secrets).
 */
export function maskUserinfo(text: string, mask: string, keep: (secret: string) => boolean = () => false): string {
  if (!text.includes('://')) return text;
  let out = '';
  let copied = 0;
  for (const { start, end } of urlUserinfos(text)) {
    const userinfo = text.slice(start, end);
    const colon = userinfo.indexOf(':');
    const secret = colon < 0 ? userinfo : userinfo.slice(colon + 1);
    if (secret === '' || keep(secret)) continue;
    out += text.slice(copied, start) + (colon < 0 ? mask : `${userinfo.slice(0, colon)}:${mask}`);
    copied = end;
  }
  return out + text.slice(copied);
}

/** Every secret value in a document: values of secret fields and passwords inside URLs. */
export function collectSecrets(value: JsonValue): string[] {
  const secrets = new Set<string>();
  const visit = (node: JsonValue, key: string): void => {
    if (typeof node === 'string') {
      if (isSecretKey(key) && node.length >= 3) {
        secrets.add(node);
        // A block scalar or a backtick string: each of its lines is masked where a frame shows one line.
        if (node.includes('\n')) for (const line of node.split('\n')) if (line.trim().length >= 3) secrets.add(line.trim());
      }
      if (node.includes('=')) for (const m of node.matchAll(QUERY_PARAMETER)) if (isSecretKey(m[2]!) && m[3]!.length >= 3) secrets.add(m[3]!);
      // Function sources are most of a large config: the URL pattern only runs where a URL can be.
      if (node.includes('://')) {
        for (const at of urlUserinfos(node)) {
          const userinfo = node.slice(at.start, at.end);
          const colon = userinfo.indexOf(':');
          const secret = colon < 0 ? userinfo : userinfo.slice(colon + 1);
          // A user name alone counts when it is long enough to be a token rather than a name.
          if (colon >= 0 ? secret.length >= 3 : secret.length >= 12) secrets.add(secret);
        }
      }
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) node.forEach((item) => visit(item, key));
    // (for-in over own keys: Object.entries builds a pair per member, a million of them for a hostile config)
    else for (const k in node) visit(node[k]!, k);
  };
  visit(value, '');
  return [...secrets].sort((a, b) => b.length - a.length);
}

// Words of our own messages: a "secret" equal to one of them cannot be told apart from the word itself.
const MESSAGE_WORDS = new Set(['password', 'pass', 'secret', 'user', 'username', 'admin', 'token', 'key', 'credentials']);

// Secrets by their first three characters (every secret has at least three): a message is compared only
// with the secrets that start somewhere in it, not with every secret of a config that has thousands.
const byPrefix = new WeakMap<readonly string[], Map<number, string[]>>();

/** The first three UTF-16 code units at `i` as one number (no substring per position). */
function key3(text: string, i: number): number {
  return (text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1)) * 65536 + text.charCodeAt(i + 2);
}

function candidates(text: string, secrets: readonly string[]): string[] {
  let index = byPrefix.get(secrets);
  if (!index) {
    index = new Map();
    for (const s of secrets) {
      const key = key3(s, 0);
      const list = index.get(key);
      if (list) list.push(s);
      else index.set(key, [s]);
    }
    byPrefix.set(secrets, index);
  }
  const found = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) {
    const list = index.get(key3(text, i));
    if (list) for (const s of list) found.add(s);
  }
  // Longest first, as the secrets list is sorted (a secret containing another is replaced whole).
  return [...found].sort((a, b) => b.length - a.length);
}

export function scrub(text: string, secrets: readonly string[]): string {
  let out = redactUrlCredentials(text);
  if (secrets.length === 0) return out;
  for (const s of secrets.length > 16 ? candidates(out, secrets) : secrets) {
    if (MESSAGE_WORDS.has(s.toLowerCase()) || !out.includes(s)) continue;
    const escaped = s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`, 'g'), '****');
  }
  return out;
}

/** Secrets written in a config's text (for code frames): values of secret fields, URL passwords. */
export function collectSecretsFromText(text: string): string[] {
  const secrets = new Set<string>();
  const add = (value: string): void => {
    if (value.length >= 3) secrets.add(value);
  };
  // JSON and the gateway's dialect: "name": "value" | `value` | 12345 (every key, judged by isSecretKey).
  const field = /"([A-Za-z0-9_]+)"[ \t\r\n]*:[ \t\r\n]*(?:"((?:[^"\\\n]|\\.)*)"|`([^`]*)`|(-?[0-9][0-9.eE+-]*))/g;
  for (const m of text.matchAll(field)) if (isSecretKey(m[1]!)) add(m[2] ?? m[3] ?? m[4] ?? '');
  // YAML: name: value, quoted whole or plain up to a comment (" #"), whatever characters it holds.
  const yamlField = /^[ \t-]*([A-Za-z0-9_]+)[ \t]*:[ \t]+(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^\n]*))$/gm;
  for (const m of text.matchAll(yamlField)) {
    if (!isSecretKey(m[1]!)) continue;
    const plain = m[4]?.replace(/[ \t]+#.*$/, '').trim();
    add(m[2] ?? m[3]?.replace(/''/g, "'") ?? plain ?? '');
  }
  // A value over several lines or items: a JSON array, a YAML key whose value starts on the next lines.
  for (const m of text.matchAll(JSON_ARRAY_FIELD)) if (isSecretKey(m[1]!)) for (const item of m[2]!.matchAll(JSON_STRING)) add(item[1]!);
  if (text.includes(':')) collectYamlContinuations(text, add);
  // Query strings: ?token=..., &access_token=..., &password=... (a token in a URL is a credential).
  for (const m of text.matchAll(QUERY_PARAMETER)) if (isSecretKey(m[2]!)) add(m[3]!);
  for (const at of urlUserinfos(text)) {
    const userinfo = text.slice(at.start, at.end);
    const colon = userinfo.indexOf(':');
    if (colon > 0 && userinfo.length - colon - 1 >= 3) secrets.add(userinfo.slice(colon + 1));
  }
  return [...secrets].sort((a, b) => b.length - a.length);
}

const JSON_ARRAY_FIELD = /"([A-Za-z0-9_]+)"[ \t\r\n]*:[ \t\r\n]*\[([^\]]*)\]/g;
const JSON_STRING = /"((?:[^"\\\n]|\\.)*)"/g;
/** A YAML key with nothing after it but a block scalar's header, a flow sequence's start or a comment. */
const YAML_KEY_ALONE = /^([ \t]*(?:-[ \t]+)*)([A-Za-z0-9_]+)[ \t]*:[ \t]*(?:[|>][-+0-9]*)?[ \t]*(?:#.*)?$/;
const YAML_FLOW_FIELD = /^[ \t-]*([A-Za-z0-9_]+)[ \t]*:[ \t]*\[([^\]\n]*)\]/gm;

/**
 * YAML values of secret keys that a code frame may show line by line: a scalar on the next line, each line
 * of a block scalar, each item of a sequence below the key or of a flow sequence beside it. Found by
 * indentation alone, so that every report that prints a config's lines masks them, whoever read the file.
 */
function collectYamlContinuations(text: string, add: (value: string) => void): void {
  const unquote = (value: string) => value.replace(/^-[ \t]+/, '').replace(/[ \t]+#.*$/, '').trim().replace(/^(["'])(.*)\1,?$/, '$2').replace(/,$/, '');
  for (const m of text.matchAll(YAML_FLOW_FIELD)) if (isSecretKey(m[1]!)) for (const item of m[2]!.split(',')) add(unquote(item));
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = YAML_KEY_ALONE.exec(lines[i]!.replace(/\r$/, ''));
    if (!m || !isSecretKey(m[2]!)) continue;
    const keyIndent = m[1]!.length;
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!.replace(/\r$/, '');
      if (line.trim() === '') continue;
      const indent = line.length - line.trimStart().length;
      // A sequence may sit at the key's own indentation; anything else ends the value there.
      if (indent < keyIndent || (indent === keyIndent && !line.trimStart().startsWith('- '))) break;
      add(unquote(line));
    }
  }
}

// The secrets of a linted file's config, for the reports that print its text (code frames, the fix's diff).
// Kept beside the result under a symbol, never in it: JSON.stringify (the JSON report) and a structured clone
// skip symbol keys, while a copy made by spreading ({ ...result, diagnostics }) keeps them, so that every
// command's report of the same file masks the same values.
const SECRETS = Symbol('sgconf secrets');

export function rememberSecrets(result: object, secrets: readonly string[]): void {
  if (secrets.length > 0) (result as { [SECRETS]?: readonly string[] })[SECRETS] = secrets;
}

/** The secrets lint found in a result's config, with those the text shows by their keys, longest first. */
export function secretsToMask(result: object, text: string | null): string[] {
  const found = new Set([...((result as { [SECRETS]?: readonly string[] })[SECRETS] ?? []), ...(text === null ? [] : collectSecretsFromText(text))]);
  return [...found].sort((a, b) => b.length - a.length);
}
