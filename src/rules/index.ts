// The registry of every rule id. A rule lives at src/rules/<group>/<name>.ts and is listed in its
// group's index; its docs page is docs/rules/<group>/<name>.md and its test table test/rules/<group>/<name>.test.ts.
import type { Rule } from './types.js';
import { rules as source } from './source/index.js';
import { rules as schema } from './schema/index.js';
import { rules as functions } from './functions/index.js';
import { rules as webhook } from './webhook/index.js';
import { rules as replication } from './replication/index.js';
import { rules as sgreplicate } from './sgreplicate/index.js';
import { rules as upgrade } from './upgrade/index.js';
import { rules as security } from './security/index.js';
import { rules as database } from './database/index.js';
import { rules as bootstrap } from './bootstrap/index.js';
import { rules as logging } from './logging/index.js';
import { rules as certs } from './certs/index.js';
import { rules as config } from './config/index.js';
import { rules as convert } from './convert/index.js';
import { rules as sgtest } from './sgtest/index.js';

export const allRules: readonly Rule[] = [
  ...source, ...schema, ...functions, ...webhook, ...replication, ...sgreplicate,
  ...upgrade, ...security, ...database, ...bootstrap, ...logging, ...certs, ...config, ...convert, ...sgtest,
];

const byId = new Map(allRules.map((r) => [r.id, r]));

export function findRule(id: string): Rule | undefined {
  return byId.get(id);
}

/** Rules that run a check over the document (the others are emitted by pipeline stages). */
export function checkingRules(): Rule[] {
  return allRules.filter((r) => typeof r.check === 'function');
}
