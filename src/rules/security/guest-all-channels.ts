import type { Rule } from '../types.js';
import type { Found } from '../../document/databases.js';
import { databaseEntries, dbLabel, guestOf, lookup } from '../../document/databases.js';
import { guestWithoutDisabled } from '../../releases/principals.js';
import { fieldKnownTo } from '../../schema/release-fields.js';
import { isObject, joinPointer, type JsonValue } from '../../types.js';

export const rule: Rule = {
  id: 'security/guest-all-channels',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'An enabled guest user granted the star channel "*": every client without credentials reads every document.',
  check(context) {
    const { kind, document, target } = context;
    for (const db of databaseEntries(kind, document)) {
      const guest = guestOf(db);
      if (!guest || !fieldKnownTo(kind, guest.pointer, target)) continue;
      const enabled = guest.disabled === false || (guest.disabled === undefined && guestWithoutDisabled(target) === 'enabled');
      if (!enabled) continue;
      const detail = 'A request without credentials is the guest\'s: the star channel gives it every document of the database and the changes feed of all of them, and it may write whatever the sync function lets a user write. Give the guest only the channels meant for everyone, or set "disabled": true.';
      for (const star of starGrants(guest)) {
        context.report({ pointer: star, message: `${dbLabel(db)}: the enabled guest user is granted every channel ("*")`, detail });
      }
      const roles = lookup(db.config, db.pointer, 'roles');
      const adminRoles = lookup(guest.value, guest.pointer, 'admin_roles');
      if (!roles || !isObject(roles.value) || !adminRoles || !Array.isArray(adminRoles.value)) continue;
      adminRoles.value.forEach((name, i) => {
        // Role names are matched exactly, as the gateway looks them up.
        if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(roles.value, name)) return;
        const role = { pointer: joinPointer(roles.pointer, name), value: (roles.value as Record<string, JsonValue>)[name]! };
        if (starGrants(role).length === 0) return;
        context.report({ pointer: joinPointer(adminRoles.pointer, i), message: `${dbLabel(db)}: the enabled guest user is granted every channel ("*") by role "${name}"`, detail });
      });
    }
  },
};

/** Where a user or role config grants "*": its admin_channels, or a collection's in collection_access. */
function starGrants(principal: Found): string[] {
  const places: string[] = [];
  const inList = (list: Found | undefined) => {
    if (list && Array.isArray(list.value)) list.value.forEach((c, i) => { if (c === '*') places.push(joinPointer(list.pointer, i)); });
  };
  inList(lookup(principal.value, principal.pointer, 'admin_channels'));
  const access = lookup(principal.value, principal.pointer, 'collection_access');
  if (access && isObject(access.value)) {
    for (const [scope, collections] of Object.entries(access.value)) {
      if (!isObject(collections)) continue;
      for (const [collection, grant] of Object.entries(collections)) {
        inList(lookup(grant, joinPointer(access.pointer, scope, collection), 'admin_channels'));
      }
    }
  }
  return places;
}
