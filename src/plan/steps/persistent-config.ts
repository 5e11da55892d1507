// Plan step `persistent-config`.
import { reaches, precedes, ev, diagnosticEvidence, type Context, type StepModule } from '../context.js';
import { absenceOf, isWalrus } from '../facts.js';
import type { Action, Evidence, PlanStep } from '../types.js';
import { isLegacyMode } from '../../document/databases.js';

export const step: StepModule = {
  id: 'persistent-config',
  addresses: ['upgrade/server-mismatch', 'upgrade/credentials-differ', 'upgrade/http-port', 'upgrade/principals', 'security/non-tls-server'],
  resolves: ['upgrade/server-mismatch', 'upgrade/credentials-differ', 'upgrade/http-port'],
  // The TLS default arrives with 3.x: for a legacy config still on 2.x, this step covers it.
  resolvesWhen: (finding, kind, from) => finding.rule === 'security/non-tls-server' && kind === 'legacy' && precedes(from, 'persistentConfig'),
  build: persistentConfig,
};

function persistentConfig(c: Context): PlanStep | null {
  const f = c.facts;
  if (f.kind !== 'legacy' || precedes(c.to, 'persistentConfig')) return null;
  const legacyMode = isLegacyMode(c.source.value);
  const servers = f.databases.map((db) => db.server).filter((s) => s !== undefined);
  const nonTls = f.databases.filter((db) => typeof db.server?.value === 'string' && !/^couchbases:/i.test(db.server.value) && !isWalrus(db.server.value));
  const credentials = f.databases.filter((db) => db.username || db.password || db.certpath || (typeof db.server?.value === 'string' && /:\/\/[^/@]+@/.test(db.server.value)));
  const principals = f.databases.filter((db) => db.users || db.roles);
  const evidence: Evidence[] = [
    ...ev(c, f.disablePersistentConfig),
    ...(f.groupId ? ev(c, f.groupId) : [absenceOf('', 'config_upgrade_group_id', c.source.lineOf, 'the nodes join the config group "default"')]),
    ...servers.flatMap((s) => ev(c, s)),
    ...ev(c, f.useTlsServer),
    ...credentials.flatMap((db) => [...ev(c, db.username), ...ev(c, db.password), ...ev(c, db.certpath)]),
    ...ev(c, f.adminAuth), ...ev(c, f.metricsAuth),
    ...principals.flatMap((db) => [...ev(c, db.users), ...ev(c, db.roles)]),
    ...diagnosticEvidence(c, (r) => r === 'upgrade/server-mismatch' || r === 'upgrade/credentials-differ' || r === 'upgrade/http-port'),
  ];
  const handWritten = c.diagnostics.some((d) => d.rule === 'upgrade/server-mismatch' || d.rule === 'upgrade/http-port') ||
    new Set(servers.map((s) => String(s.value))).size > 1;
  const dir = c.file.includes('/') ? c.file.slice(0, c.file.lastIndexOf('/')) : '.';
  const actions: Action[] = [
    { text: f.groupId ? `The config group is set (\`config_upgrade_group_id\`); keep the same group id on every node of this deployment.` : 'Choose the config group before the first start of any 3.x node: a node without `bootstrap.group_id` joins the group "default", and if another deployment already registered that group in the same buckets the node takes its configs. Set it with `--group-id` below (EE only).' },
    { text: handWritten
      ? 'Write the bootstrap config by hand (sgconf convert does it, and you review it): the databases do not share one server address, so the gateway\'s automatic upgrade refuses this config.'
      : 'Convert the config into a bootstrap config, database configs and principals (or let the first 3.x start convert it in place; that is one-way and needs write access to ' + dir + ' for the backup and the rewritten file).',
    command: `sgconf convert ${c.file} --out ${c.to.text}-config${f.groupId ? '' : ' --group-id <group>'}` },
    { text: credentials.length
      ? `Decide who supplies the bootstrap credentials: the gateway's own upgrade takes them from one database (${credentials.map((db) => `"${db.name}"`).join(', ')}; which one is not deterministic when they differ). Review \`bootstrap.username\`/\`password\` or \`x509_cert_path\`/\`x509_key_path\` in the bootstrap config, and give per-database credentials in \`database_credentials\` when they differ.`
      : 'Decide who supplies the bootstrap credentials: the config has none, so set `bootstrap.username`/`password` (an RBAC user of the data store with access to every bucket) or an X.509 pair in the bootstrap config.' },
    { text: nonTls.length
      ? `TLS to the data store is on by default from 3.0 and ${nonTls.map((db) => `"${db.name}"`).join(', ')} use${nonTls.length === 1 ? 's' : ''} a non-TLS address: switch to \`couchbases://\` (with \`bootstrap.ca_cert_path\` when the data store's CA is not in the system store), or set \`"use_tls_server": false\` only knowingly.`
      : 'TLS to the data store is on by default from 3.0: keep `couchbases://` addresses and set `bootstrap.ca_cert_path` when the CA is not in the system store.' },
    { text: 'The admin and metrics APIs require data-store RBAC users from 3.0: create users with the Sync Gateway roles for the operators and monitors (Prometheus) or, only knowingly, set `api.admin_interface_authentication` / `api.metrics_interface_authentication` to false.' },
    { text: 'After the first 3.x node is up with the bootstrap config, create each database from its database config.', command: `${c.curl} -X PUT ${c.base}/<db>/ -H 'Content-Type: application/json' -d @${c.to.text}-config/databases/<db>.json` },
  ];
  if (principals.length) {
    actions.push({ text: `Create the users and roles of ${principals.map((db) => `"${db.name}"`).join(', ')} through the admin API: the gateway's own upgrade keeps the principals of only one database.`, command: `${c.curl} -X POST ${c.base}/<db>/_user/ -H 'Content-Type: application/json' -d @user.json` });
  }
  if (reaches(c.to, 'sharedBucketAccessRequired')) actions.push({ text: 'Check that no stored database config has `enable_shared_bucket_access: false` (see the shared bucket access step): 4.x does not load it.' });
  return {
    id: 'persistent-config',
    title: 'Move to persistent configuration (3.x)',
    why: (legacyMode ? 'The config sets `disable_persistent_config`, so 3.x runs it in legacy mode; moving to persistent configuration is still recommended and is what follows. ' : '') +
      'A 3.x node converts a legacy config once and for all: databases are stored in their buckets, the file is backed up and rewritten as a bootstrap config. The conversion is one way.',
    evidence,
    actions,
    checks: [
      `\`${c.curl} ${c.base}/_config\` shows the bootstrap config with the intended server, group and TLS settings.`,
      `\`${c.curl} ${c.base}/<db>/_config\` answers for every database, and \`GET /{db}/\` shows it online.`,
      'The original config is kept (the backup `<name>-backup-<unix seconds>.json` when the gateway converted it itself).',
    ],
  };
}
