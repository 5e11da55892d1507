import type { InvalidCase, ValidCase } from '../../helpers/rule-tester.js';

export interface RuleCases {
  valid: ValidCase[];
  invalid: InvalidCase[];
}

/** A legacy config with one database `db` holding the given fields. */
export const legacyDb = (fields: Record<string, unknown>) => ({ databases: { db: { bucket: 'b', ...fields } } });
/** A legacy config with one document_changed (or db_state_changed) handler. */
export const withHandler = (handler: Record<string, unknown>, event: 'document_changed' | 'db_state_changed' = 'document_changed', extra: Record<string, unknown> = {}) =>
  legacyDb({ event_handlers: { [event]: [handler], ...extra } });
/** A legacy config with one custom conflict resolver in replication `r`. */
export const withResolver = (resolver: string) => legacyDb({
  replications: { r: { remote: 'https://other:4985/db', direction: 'pull', conflict_resolution_type: 'custom', custom_conflict_resolver: resolver } },
});
export const RESOLVER_POINTER = '/databases/db/replications/r/custom_conflict_resolver';
export const HANDLER_POINTER = '/databases/db/event_handlers/document_changed/0';
