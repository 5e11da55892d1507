import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, guestOf } from '../../document/databases.js';
import { guestWithoutDisabled, newestReleaseEnablingGuest } from '../../releases/principals.js';
import { fieldKnownTo } from '../../schema/release-fields.js';

export const rule: Rule = {
  id: 'database/guest-disabled-unset',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  description: 'A guest user that sets no "disabled": older releases enabled it at every start, later ones leave it as stored (disabled on a new database).',
  check(context) {
    const { kind, document, target } = context;
    if (guestWithoutDisabled(target) === 'enabled') return;
    for (const db of databaseEntries(kind, document)) {
      const guest = guestOf(db);
      if (!guest || !fieldKnownTo(kind, guest.pointer, target)) continue;
      if (guest.disabled !== undefined) continue;
      const onNewDatabase = 'The gateway sets the guest\'s "disabled" only when the config has it: without it the guest keeps the state stored in the bucket, and the guest of a new database stays disabled, so anonymous requests get 401 however its channels are set.';
      const fix = 'Write "disabled": false to enable the guest wherever the config is loaded, or "disabled": true to say it is off.';
      context.report(guest.written === 'users.GUEST'
        ? {
          pointer: guest.pointer, target: 'key',
          message: `${dbLabel(db)}: users.GUEST sets no "disabled", so ${target} does not enable the guest`,
          detail: `${newestReleaseEnablingGuest()} and earlier enabled the guest at every start when "disabled" was missing. ${onNewDatabase} Where an older release ran this config the bucket keeps it enabled; a new bucket (another environment, a rebuilt one) does not. ${fix}`,
        }
        : {
          pointer: guest.pointer, target: 'key',
          message: `${dbLabel(db)}: guest sets no "disabled", so a new database's guest stays disabled`,
          detail: `${onNewDatabase} ${fix}`,
        });
    }
  },
};
