import type { Rule, RuleContext } from '../types.js';
import type { Found } from '../../document/databases.js';
import { databaseEntries, dbLabel, lookupPath, validated } from '../../document/databases.js';
import { auditEvent, type AuditLevel } from '../../releases/audit-events.js';
import { fieldKnownTo } from '../../schema/release-fields.js';

export const rule: Rule = {
  id: 'logging/audit-events',
  severity: 'error',
  kinds: ['bootstrap', 'legacy', 'database'],
  description: 'Audit event ids the target does not know, or given at the wrong level (a database event in the startup config, a global one in a database): the gateway refuses them.',
  check(context) {
    const { kind, document, target } = context;
    const global = lookupPath(document, '', 'logging', 'audit', 'enabled_events');
    if (kind === 'bootstrap' && global && fieldKnownTo(kind, global.pointer, target)) {
      checkList(context, global, 'global', (descriptor) => descriptor);
    }
    for (const db of databaseEntries(kind, document)) {
      const events = lookupPath(db.config, db.pointer, 'logging', 'audit', 'enabled_events');
      if (!events || !fieldKnownTo(kind, events.pointer, target)) continue;
      checkList(context, events, 'database', (descriptor) => validated(db, context, { ...descriptor, message: `${dbLabel(db)}: ${descriptor.message}` }));
    }
  },
};

type Descriptor = { message: string; detail: string; severity?: 'error' | 'warning' | 'info' };

const REFUSAL: Record<AuditLevel, string> = {
  global: 'Setting up logging fails, and the gateway does not start.',
  database: 'The gateway refuses the database config.',
};

const PLACE: Record<AuditLevel, string> = {
  global: 'the startup config\'s logging.audit.enabled_events',
  database: 'a database\'s logging.audit.enabled_events',
};

function checkList(context: RuleContext, list: Found, level: AuditLevel, describe: (d: Descriptor) => Descriptor): void {
  if (!Array.isArray(list.value)) return;
  const { target } = context;
  list.value.forEach((id, i) => {
    // A negative, fractional or huge id is the schema's finding (Go's decoder refuses it, or holds a number JavaScript cannot).
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return;
    const event = auditEvent(id, target);
    const named = `audit event ${id}`;
    let descriptor: Descriptor | null = null;
    if (!event.known) {
      descriptor = {
        message: event.from === undefined ? `${named} is not one ${target} knows` : `${named} is known from ${event.from} on, not to ${target}`,
        detail: `${REFUSAL[level]} The events and their ids are listed in the gateway's audit documentation (and in sgconf's docs/releases.md). Remove it.`,
      };
    } else if (event.level !== level) {
      descriptor = {
        message: `audit event ${id} ("${event.name}") is a ${event.level} event, set in ${level === 'global' ? 'the startup config' : 'a database'}`,
        detail: `${REFUSAL[level]} Move it to ${PLACE[event.level]}.`,
      };
    }
    if (descriptor) context.report({ pointer: `${list.pointer}/${i}`, ...describe(descriptor) });
  });
}
