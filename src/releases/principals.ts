// Which user and role names each release accepts. A name a release refuses fails a legacy config's
// database at load (its `users` and `roles` are created then) and every _user / _role request; a name that
// is a dot segment ("." or "..") would also be read by an HTTP client as a path step, not as a name.
import type { BehaviourFactId } from './behaviour.js';

/** 2.8's rule: auth/role.go@2.8.3 kValidNameRegexp (`\w` is ASCII in Go's regexp). */
const NAME_2_8 = /^[-+.@%\w]*$/;

/** auth/role.go@3.0.8 and @4.1.1 IsValidPrincipalName (MaxPrincipalNameLen: 239 bytes, base/constants.go). */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9_.@+-]*$/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether 3.0 and later accept a user or role name (the empty name is the guest). */
export function isValidPrincipalName(name: string): boolean {
  if (name.length === 0) return true;
  if (name.length <= 239 && PLAIN_NAME.test(name)) return true;
  // A lone surrogate is read as U+FFFD on its way to Go (encoding/json, otto's export): valid UTF-8.
  if (Buffer.byteLength(name, 'utf8') > 239) return false;
  let seenAlphanumeric = false;
  for (const ch of name) {
    if (ch === '/' || ch === ':' || ch === ',' || ch === '`') return false;
    if (!seenAlphanumeric && LETTER_OR_DIGIT.test(ch)) seenAlphanumeric = true;
  }
  return seenAlphanumeric;
}

/**
 * The release fact (src/releases/behaviour.ts) of a user or role name: which releases refuse it, or null
 * when every release accepts it.
 */
export function principalNameFact(name: string): BehaviourFactId | null {
  const before30 = NAME_2_8.test(name);
  const from30 = isValidPrincipalName(name);
  if (before30 && from30) return null;
  if (before30) return 'principal-name-refused-from-3.0';
  return from30 ? 'principal-name-refused-before-3.0' : 'principal-name-refused';
}
