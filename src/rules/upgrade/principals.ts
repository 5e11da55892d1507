import type { Rule } from '../types.js';
import { databaseEntries, isLegacyMode, lookup } from '../../document/databases.js';
import { upgradeOfLaterReleases } from '../../releases/reading.js';
import { isObject } from '../../types.js';

export const rule: Rule = {
  id: 'upgrade/principals',
  severity: 'warning',
  kinds: ['legacy'],
  description: 'Users or roles in more than one legacy database: the gateway\'s automatic upgrade creates only one database\'s principals.',
  check(context) {
    if (isLegacyMode(context.document)) return;
    const withPrincipals = databaseEntries(context.kind, context.document).filter((db) =>
      ['users', 'roles'].some((k) => {
        const v = lookup(db.config, db.pointer, k)?.value;
        if (!isObject(v)) return false;
        // The GUEST user moves into `guest` and is not affected.
        return Object.keys(v).some((name) => !(k === 'users' && name === 'GUEST'));
      }));
    if (withPrincipals.length < 2) return;
    // A target without the automatic upgrade creates every database's principals: the upgrade is a later release's.
    const later = upgradeOfLaterReleases(context.upgradesLegacyConfigs);
    for (const db of withPrincipals) {
      context.report({
        pointer: (lookup(db.config, db.pointer, 'users') ?? lookup(db.config, db.pointer, 'roles'))!.pointer,
        target: 'key',
        ...(later ? { severity: 'info' as const } : {}),
        message: `${withPrincipals.length} databases (${listNames(withPrincipals.map((d) => d.name ?? ''), db.name ?? '')}) define users or roles, but the automatic upgrade${later} keeps one database's`,
        detail: (later ? 'The target creates the principals of every database; a later release upgrades the file at start. ' : '') + 'By code reading, the gateway\'s automatic upgrade creates only the principals of the last database it visits (random map order), so the others\' users and roles are never created. Convert with sgconf convert, which writes principals/<db>.json for every database, and create them through the _user / _role endpoints.',
      });
    }
  },
};

/** This database and up to three others by name (a config with hundreds of databases must not repeat them all). */
function listNames(names: string[], self: string): string {
  const others = names.filter((n) => n !== self);
  const shown = [self, ...others.slice(0, 3)].map((n) => `"${n}"`).join(', ');
  return others.length > 3 ? `${shown} and ${others.length - 3} more` : shown;
}
