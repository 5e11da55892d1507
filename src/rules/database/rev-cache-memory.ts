import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookupPath } from '../../document/databases.js';

/**
 * The gateway turns the megabytes into bytes in 32-bit arithmetic (`*MaxMemoryCountMB * 1024 * 1024` on a
 * uint32, rest/server_context.go from 3.2.2 to 4.1.1), so the cap it keeps is the value modulo 4096 MB,
 * and 0 (a multiple of 4096) is no cap at all (db/revision_cache_lru.go: a cap only when MaxBytes > 0).
 */
const WRAP_MB = 4096;

export const rule: Rule = {
  id: 'database/rev-cache-memory',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A rev cache max_memory_count_mb between 1 and 49, which stops the database from loading, or of 4096 or more, which wraps around (EE; the field and the check arrived together).',
  check(context) {
    if (context.settings.edition === 'ce') return; // reset with a warning on CE (database/edition)
    for (const db of databaseEntries(context.kind, context.document)) {
      const found = lookupPath(db.config, db.pointer, 'cache', 'rev_cache', 'max_memory_count_mb');
      if (!found || typeof found.value !== 'number' || !Number.isInteger(found.value)) continue;
      const megabytes = found.value;
      if (megabytes > 0 && megabytes < 50) {
        context.report({ pointer: found.pointer, message: `${dbLabel(db)}: rev_cache.max_memory_count_mb ${megabytes} is below the minimum of 50: the database does not load`, detail: 'Use 0 (no memory cap) or at least 50.' });
      } else if (megabytes >= WRAP_MB) {
        const kept = megabytes % WRAP_MB;
        context.report({
          pointer: found.pointer,
          severity: 'warning',
          message: `${dbLabel(db)}: rev_cache.max_memory_count_mb ${megabytes} wraps around: the gateway ${kept === 0 ? 'keeps no memory cap' : `caps the cache at ${kept} MB`}`,
          detail: `The gateway converts the value to bytes in 32 bits, so it keeps only the remainder of ${WRAP_MB} MB in every release that has the field. Use at most ${WRAP_MB - 1}, or 0 for no cap.`,
        });
      }
    }
  },
};
