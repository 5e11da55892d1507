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
    const { now } = context;
    for (const facts of context.certificates) {
      if (isKey(facts.role) || facts.expires === undefined) continue;
      const expires = Date.parse(facts.expires);
      const words = `${roleWords(facts.role)} "${facts.path}"`;
      const subject = `Its subject is CN ${facts.subject ?? 'unknown'}.`;
      const day = (iso: string) => iso.slice(0, 10);
      if (expires <= now) {
        context.report({ pointer: facts.pointer, message: `${words} expired on ${day(facts.expires)}`, detail: `${subject} TLS connections using it fail (it expired at ${facts.expires}).` });
      } else if (facts.notBefore !== undefined && Date.parse(facts.notBefore) > now) {
        context.report({ pointer: facts.pointer, message: `${words} is not valid until ${day(facts.notBefore)}`, detail: `${subject} TLS connections using it fail until ${facts.notBefore}.` });
      } else if (expires - now <= EXPIRY_WARNING_DAYS * DAY_MS) {
        const days = Math.ceil((expires - now) / DAY_MS);
        context.report({ pointer: facts.pointer, severity: 'warning', message: `${words} expires on ${day(facts.expires)}, in ${days} day${days === 1 ? '' : 's'}`, detail: `${subject} Renew it.` });
      }
    }
  },
};
