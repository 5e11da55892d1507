// functions/load-failed: emitted by src/functions/resolve.ts; this module declares the id.
import type { Rule } from '../types.js';

export const rule: Rule = {
  id: 'functions/load-failed',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'A function file cannot be read, or a function URL cannot be fetched (HTTP status, timeout, DNS, TLS, size): the gateway would not load the database.',
  emittedBy: 'src/functions/resolve.ts',
};
