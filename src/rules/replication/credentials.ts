import type { Rule } from '../types.js';
import { underTarget } from '../../releases/index.js';
import { nonEmptyString } from '../../document/databases.js';
import { joinPointer } from '../../types.js';
import { invalidOutcome, label, replicationSites } from './common.js';

export const rule: Rule = {
  id: 'replication/credentials',
  severity: 'error',
  kinds: ['legacy', 'database'],
  facts: ['replication-username-password', 'replication-both-usernames'],
  description: 'Conflicting, ignored or deprecated remote credentials of an inter-gateway replication.',
  check(context) {
    for (const site of replicationSites(context)) {
      const val = (name: string) => site.config[name];
      const at = (name: string) => joinPointer(site.pointer, name);
      const remote = val('remote');
      const urlUser = typeof remote === 'string' ? /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#@]+)@/.exec(remote)?.[1] : undefined;
      if (nonEmptyString(val('remote_username')) && nonEmptyString(val('username'))) {
        const verdict = context.judge('replication-both-usernames');
        if (verdict) context.report({ pointer: at('username'), ...underTarget(verdict, `${label(site)} sets both remote_username and the old username`, `${invalidOutcome(site, context)} Keep remote_username/remote_password only.`) });
      } else if (urlUser && (nonEmptyString(val('remote_username')) || nonEmptyString(val('username')))) {
        const field = nonEmptyString(val('remote_username')) ? 'remote_username' : 'username';
        context.report({ pointer: at(field), message: `${label(site)} has a user name in the remote URL and also sets ${field}: use one of them`, detail: invalidOutcome(site, context) });
      } else if (nonEmptyString(val('username')) || nonEmptyString(val('password'))) {
        const field = nonEmptyString(val('username')) ? 'username' : 'password';
        const verdict = context.judge('replication-username-password');
        if (verdict) context.report({ pointer: at(field), ...underTarget(verdict, `${label(site)} uses the old ${field} field`, 'Rename username/password to remote_username/remote_password.') });
      }
      if (nonEmptyString(val('remote_password')) && !nonEmptyString(val('remote_username'))) {
        context.report({ pointer: at('remote_password'), severity: 'warning', message: `${label(site)}: remote_password without remote_username is ignored`, detail: 'Add remote_username.' });
      }
    }
  },
};
