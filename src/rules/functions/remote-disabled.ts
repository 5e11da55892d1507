// functions/remote-disabled: emitted by src/functions/resolve.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/remote-disabled',
  severity: 'info',
  kinds: ['legacy', 'database'],
  description: 'A function URL was not fetched (remote sources turned off, a host not allowed, an expanded variable in the URL), so its JavaScript was not checked.',
  emittedBy: 'src/functions/resolve.ts',
};
