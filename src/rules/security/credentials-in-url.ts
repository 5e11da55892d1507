import type { Rule } from '../types.js';
import { lookup, lookupPath, type Found } from '../../document/databases.js';
import { urlUserinfos } from '../../secrets.js';
import { replicationSites } from '../replication/common.js';
import { rootReplications } from '../sgreplicate/common.js';
import { serverSites } from './common.js';

// user:password@ in a URL (a user name alone is not a secret).
// (Found with urlUserinfos, which scans once: the regular expression it replaces backtracked quadratically.)
function hasEmbeddedPassword(value: string): boolean {
  const first = urlUserinfos(value)[0];
  return first !== undefined && /^[A-Za-z][A-Za-z0-9+.-]*:\/\/$/.test(value.slice(0, first.start)) && value.slice(first.start, first.end).includes(':');
}

export const rule: Rule = {
  id: 'security/credentials-in-url',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy', 'database'],
  description: 'A password embedded in a server or replication URL, where it ends up in logs and process listings.',
  check(context) {
    const sites: { found: Found; label: string; fix: string }[] = [];
    for (const s of serverSites(context)) sites.push({ found: s.found, label: s.label, fix: context.kind === 'bootstrap' ? 'bootstrap.username / bootstrap.password' : 'the database username / password fields' });
    for (const r of replicationSites(context)) {
      const remote = lookup(r.config, r.pointer, 'remote');
      if (remote) sites.push({ found: remote, label: `the remote of replication "${r.id}"`, fix: 'remote_username / remote_password (note that changing them resets the checkpoint either way)' });
    }
    for (const r of rootReplications(context.document)?.items ?? []) {
      for (const end of ['source', 'target']) {
        const found = lookupPath(r.config, r.pointer, end);
        if (found) sites.push({ found, label: `the ${end} of root-level replication #${r.index + 1}`, fix: 'an inter-gateway replication with remote_username / remote_password' });
      }
    }
    for (const s of sites) {
      if (typeof s.found.value === 'string' && hasEmbeddedPassword(s.found.value)) {
        context.report({ pointer: s.found.pointer, message: `${s.label} embeds a user name and the password`, detail: `URLs end up in logs, error messages and process listings. Move them to ${s.fix}, ideally with the password from an environment variable.` });
      }
    }
  },
};
