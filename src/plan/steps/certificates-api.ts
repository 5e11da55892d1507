// Plan step `certificates-api`.
import { crossesInto, ev, type Context, type StepModule } from '../context.js';
import { absenceOf, evidenceOf, isWalrus, type ConfigFacts } from '../facts.js';
import type { Evidence, PlanStep } from '../types.js';

export const step: StepModule = {
  id: 'certificates-api',
  addresses: [],
  build: certificatesApi,
};

function certificatesApi(c: Context): PlanStep | null {
  const f = c.facts;
  const evidence: Evidence[] = [];
  for (const db of f.databases) {
    if (typeof db.server?.value === 'string' && /^(couchbases|https):/i.test(db.server.value)) evidence.push(...ev(c, db.server, 'TLS to the data store'));
  }
  if (typeof f.bootstrapServer?.value === 'string' && /^couchbases:/i.test(f.bootstrapServer.value)) evidence.push(...ev(c, f.bootstrapServer, 'TLS to the data store'));
  evidence.push(...ev(c, f.caCert), ...ev(c, f.x509Cert));
  for (const db of f.databases) evidence.push(...ev(c, db.cacertpath), ...ev(c, db.certpath));
  const tlsByDefault = f.kind === 'legacy' && crossesInto(c.from, c.to, 'persistentConfig') && f.useTlsServer?.value !== false && evidence.length === 0 && f.databases.some((db) => !isWalrus(db.server?.value));
  if (tlsByDefault) evidence.push(f.useTlsServer ? evidenceOf(f.useTlsServer, c.source) : absenceOf('', 'use_tls_server', c.source.lineOf, `from 3.0 TLS to the data store is on by default`));
  if (evidence.length === 0) return null;
  return {
    id: 'certificates-api',
    title: 'Move data-store certificate handling to the trusted-CAs API (Couchbase Server 7.1 and later)',
    why: 'The gateway connects to the data store over TLS, so the data store\'s root certificate matters. From Couchbase Server 7.1 the single-root-CA API is deprecated: `POST /controller/uploadClusterCA` is replaced by `POST /node/controller/loadTrustedCAs` and `GET /pools/default/certificate` by `GET /pools/default/trustedCAs`. Once a root certificate was loaded through the new API, the old GET answers 400, so scripts and monitoring that read it break.',
    evidence,
    actions: [
      { text: 'Inspect the CA the gateway trusts (what the deprecated GET used to answer), offline.', command: `sgconf cert ${caPathOf(f)}` },
      { text: 'Load root certificates on each data-store node through the new API (the node reads them from its inbox/CA folder).', command: 'curl -X POST -u "$CB_ADMIN" http://<cb-node>:8091/node/controller/loadTrustedCAs' },
      { text: 'Read the trusted CAs with the new API in scripts and monitoring.', command: 'curl -u "$CB_ADMIN" http://<cb-node>:8091/pools/default/trustedCAs' },
    ],
    checks: [
      'No script or monitor still calls `GET /pools/default/certificate` or `POST /controller/uploadClusterCA`.',
      'The CA file the gateway uses (`ca_cert_path` / `cacertpath`, or the system store) is among the trusted CAs and `sgconf cert` shows no expiry warning for it.',
    ],
  };
}

function caPathOf(f: ConfigFacts): string {
  const candidates = [f.caCert, ...f.databases.map((db) => db.cacertpath)];
  const found = candidates.find((l) => typeof l?.value === 'string' && l.value !== '');
  return found ? String(found.value) : '<ca.pem>';
}
