import type { Rule } from '../types.js';
import { isKey, roleWords } from '../../certs/words.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expiring within this many days is a warning (as the data store's certificate API warns). */
export const EXPIRY_WARNING_DAYS = 30;

export const rule: Rule = {
  id: 'certs/expired',
  severity: 'error',
  kinds: ['legacy', 'bootstrap'],
  description: `A certificate named in the config has expired or is not valid yet (warning when it expires within ${EXPIRY_WARNING_DAYS} days).`,
  check(context) {
    const now = Date.now();
    for (const facts of context.certificates) {
      if (isKey(facts.role) || facts.expires === undefined) continue;
      const expires = Date.parse(facts.expires);
      const words = `${roleWords(facts.role)} "${facts.path}" (CN ${facts.subject ?? 'unknown'})`;
      if (expires <= now) {
        context.report({ pointer: facts.pointer, message: `${words} expired on ${facts.expires}; TLS connections using it fail` });
      } else if (facts.notBefore !== undefined && Date.parse(facts.notBefore) > now) {
        context.report({ pointer: facts.pointer, message: `${words} is not valid until ${facts.notBefore}; TLS connections using it fail until then` });
      } else if (expires - now <= EXPIRY_WARNING_DAYS * DAY_MS) {
        const days = Math.ceil((expires - now) / DAY_MS);
        context.report({ pointer: facts.pointer, severity: 'warning', message: `${words} expires on ${facts.expires}, in ${days} day${days === 1 ? '' : 's'}; renew it` });
      }
    }
  },
};
