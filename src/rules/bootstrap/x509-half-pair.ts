import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookup, nonEmptyString, type Found } from '../database/configs.js';
import { isObject, joinPointer } from '../../types.js';

export const rule: Rule = {
  id: 'bootstrap/x509-half-pair',
  severity: 'warning',
  kinds: ['bootstrap', 'legacy'],
  description: 'An X.509 client certificate without its key (or the reverse): the gateway silently falls back to password authentication.',
  check(context) {
    const pairs: { cert: Found | undefined; key: Found | undefined; where: string; names: [string, string] }[] = [];
    const doc = context.document;
    if (context.kind === 'bootstrap') {
      const b = lookup(doc, '', 'bootstrap');
      if (b) pairs.push({ cert: lookup(b.value, b.pointer, 'x509_cert_path'), key: lookup(b.value, b.pointer, 'x509_key_path'), where: 'bootstrap', names: ['x509_cert_path', 'x509_key_path'] });
      for (const section of ['database_credentials', 'bucket_credentials']) {
        const map = lookup(doc, '', section);
        if (!map || !isObject(map.value)) continue;
        for (const name of Object.keys(map.value)) {
          const base = joinPointer(map.pointer, name);
          const entry = map.value[name];
          pairs.push({ cert: lookup(entry, base, 'x509_cert_path'), key: lookup(entry, base, 'x509_key_path'), where: `${section} "${name}"`, names: ['x509_cert_path', 'x509_key_path'] });
        }
      }
    } else {
      for (const db of databaseEntries(context.kind, doc)) {
        pairs.push({ cert: lookup(db.config, db.pointer, 'certpath'), key: lookup(db.config, db.pointer, 'keypath'), where: dbLabel(db), names: ['certpath', 'keypath'] });
      }
    }
    for (const p of pairs) {
      const hasCert = nonEmptyString(p.cert?.value);
      const hasKey = nonEmptyString(p.key?.value);
      if (hasCert === hasKey) continue;
      const [have, missing] = hasCert ? [p.names[0], p.names[1]] : [p.names[1], p.names[0]];
      context.report({ pointer: (hasCert ? p.cert : p.key)!.pointer, message: `${p.where}: ${have} is set without ${missing}: X.509 authentication is used only when both are set, so the gateway silently falls back to username/password. Add ${missing} or remove ${have}.` });
    }
  },
};
