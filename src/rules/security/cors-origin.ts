import type { Rule, RuleContext } from '../types.js';
import type { Found } from '../../document/databases.js';
import { databaseEntries, dbLabel, lookup, lookupPath } from '../../document/databases.js';
import { fieldKnownTo } from '../../schema/release-fields.js';

export const rule: Rule = {
  id: 'security/cors-origin',
  severity: 'warning',
  kinds: ['legacy', 'bootstrap', 'database'],
  description: 'CORS origins that no browser\'s Origin header can equal: no scheme, a path or trailing "/", upper case, a default port, a wildcard inside a name.',
  check(context) {
    const { kind, document, target } = context;
    const lists: { found: Found; label: string }[] = [];
    const add = (cors: Found | undefined, label: string, names: readonly string[]) => {
      for (const name of names) {
        const found = cors && lookup(cors.value, cors.pointer, name);
        if (found && Array.isArray(found.value) && fieldKnownTo(kind, found.pointer, target)) lists.push({ found, label });
      }
    };
    if (kind === 'legacy') add(lookup(document, '', 'CORS'), '', ['Origin', 'LoginOrigin']);
    if (kind === 'bootstrap') add(lookupPath(document, '', 'api', 'cors'), '', ['origin', 'login_origin']);
    for (const db of databaseEntries(kind, document)) add(lookup(db.config, db.pointer, 'cors'), `${dbLabel(db)}: `, ['origin', 'login_origin']);
    for (const { found, label } of lists) {
      (found.value as unknown[]).forEach((origin, i) => {
        if (typeof origin === 'string') checkOrigin(context, origin, `${found.pointer}/${i}`, label);
      });
    }
  },
};

/** What a browser's Origin header would be for the origin a config value means, or null if it names none. */
function originMeant(value: string): string | null {
  if (!value.includes('://')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.host === '' ? null : `${url.protocol}//${url.host}`;
}

function checkOrigin(context: RuleContext, origin: string, pointer: string, label: string): void {
  // "*" allows every origin; "null" is the Origin header of a page with no origin of its own (a file, a sandbox).
  if (origin === '*' || origin === 'null') return;
  const compare = 'The gateway compares each entry with the request\'s Origin header, character for character, and a browser sends scheme://host[:port]: no path or trailing "/", a lower-case host, no default port.';
  if (origin.includes('*')) {
    context.report({
      pointer, message: `${label}CORS origin "${origin}" is compared as written, not as a pattern`,
      detail: `${compare} Only a lone "*" allows more than one origin (every one). List each origin.`,
    });
    return;
  }
  const meant = originMeant(origin);
  if (meant === origin) return;
  context.report({
    pointer,
    message: meant === null ? `${label}CORS origin "${origin}" is not an origin (scheme://host[:port])` : `${label}CORS origin "${origin}" never equals a browser's Origin header`,
    detail: `${compare} ${meant === null ? 'Write the scheme and the host, for example "https://app.example.com".' : `Write "${meant}".`}`,
  });
}
