import type { Rule } from '../types.js';
import { databaseEntries, dbLabel, lookupPath, validated } from '../../document/databases.js';

export const rule: Rule = {
  id: 'database/channel-cache',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'Channel cache settings the gateway rejects: max_number below 100, watermarks outside 1-100 or low not below high.',
  check(context) {
    // On CE these settings are reset with a warning (database/edition), so their values do not matter.
    if (context.settings.edition === 'ce') return;
    for (const db of databaseEntries(context.kind, context.document)) {
      const cc = lookupPath(db.config, db.pointer, 'cache', 'channel_cache');
      if (!cc) continue;
      const maxNumber = lookupPath(cc.value, cc.pointer, 'max_number');
      if (maxNumber && typeof maxNumber.value === 'number' && maxNumber.value < 100) {
        context.report(validated(db, context, { pointer: maxNumber.pointer, message: `${dbLabel(db)}: channel_cache.max_number ${maxNumber.value} is below 100`, detail: 'The gateway rejects the database.' }));
      }
      const high = lookupPath(cc.value, cc.pointer, 'compact_high_watermark_pct');
      const low = lookupPath(cc.value, cc.pointer, 'compact_low_watermark_pct');
      let inRange = true;
      for (const mark of [high, low]) {
        if (mark && typeof mark.value === 'number' && (mark.value < 1 || mark.value > 100)) {
          inRange = false;
          context.report(validated(db, context, { pointer: mark.pointer, message: `${dbLabel(db)}: a channel cache watermark of ${mark.value} is outside 1-100`, detail: 'The gateway rejects the database.' }));
        }
      }
      if (!inRange) continue;
      const h = typeof high?.value === 'number' ? high.value : 80;
      const l = typeof low?.value === 'number' ? low.value : 60;
      if (l >= h) {
        context.report(validated(db, context, { pointer: (low ?? high)!.pointer, message: `${dbLabel(db)}: the channel cache low watermark (${l}${low ? '' : ', default'}) is not below the high one (${h}${high ? '' : ', default'})`, detail: 'The gateway rejects the database.' }));
      } else if (low && high) {
        context.report({ pointer: low.pointer, severity: 'warning', message: `${dbLabel(db)}: compact_low_watermark_pct ${l} is never used`, detail: 'The gateway copies compact_high_watermark_pct into the low mark whenever the high mark is set.' });
      }
    }
  },
};
