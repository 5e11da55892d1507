// Which user and role names each release accepts. A name a release refuses fails a legacy config's
// database at load (its `users` and `roles` are created then) and every _user / _role request; a name that
// is a dot segment ("." or "..") would also be read by an HTTP client as a path step, not as a name.
// And how each release reads a config guest user that sets no "disabled".
import type { BehaviourFactId } from './behaviour.js';
import { compareReleases, releaseIndex, RELEASES, type Release } from './index.js';

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

/** What the loading release does with a config's guest user (users.GUEST, or a database's `guest`) that sets no "disabled". */
export type GuestWithoutDisabled = 'enabled' | 'as-stored';

/** Each change of that, oldest first, with its source; `guestWithoutDisabled` reads it. */
export const GUEST_WITHOUT_DISABLED: readonly { from: Release; effect: GuestWithoutDisabled; change: string; source: string }[] = [
  {
    from: '2.8', effect: 'enabled',
    change: 'a guest user without "disabled" is enabled at every start (the field is a plain boolean, so missing reads as false)',
    source: 'db/users.go@2.8.3 PrincipalConfig.Disabled (bool) and UpdatePrincipal (SetDisabled when it differs); rest/server_context.go@2.8.0 installPrincipals (the guest is reset to the config at every start)',
  },
  {
    from: '3.0', effect: 'as-stored',
    change: 'a guest user without "disabled" keeps the state stored in the bucket, and the guest of a new database is disabled',
    source: 'db/users.go@3.0.0 PrincipalConfig.Disabled (*bool, applied only when set); auth/principal.go@4.1.1 the same; auth/user.go@4.1.1 defaultGuestUser (Disabled_: true); db/database.go@4.1.1 InstallPrincipals',
  },
];

/** What `target` does with a guest user that sets no "disabled". */
export function guestWithoutDisabled(target: Release): GuestWithoutDisabled {
  let effect: GuestWithoutDisabled = GUEST_WITHOUT_DISABLED[0]!.effect;
  for (const change of GUEST_WITHOUT_DISABLED) if (compareReleases(change.from, target) <= 0) effect = change.effect;
  return effect;
}

/** The newest release that enables a guest without "disabled" (2.8), for messages. */
export function newestReleaseEnablingGuest(): Release {
  const firstAsStored = GUEST_WITHOUT_DISABLED.find((change) => change.effect === 'as-stored');
  return firstAsStored ? RELEASES[Math.max(0, releaseIndex(firstAsStored.from) - 1)]! : RELEASES[RELEASES.length - 1]!;
}
