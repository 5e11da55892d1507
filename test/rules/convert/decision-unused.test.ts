// convert/decision-unused: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

const config = { databases: { db: { server: cb, enable_shared_bucket_access: true } } };

describe('convert/decision-unused', () => {
  it('reports a choice for a decision the conversion does not ask', () => {
    expectFinding(config, 'convert/decision-unused', 'warning', '', /decision "server" was given/, { decisions: new Map([['server', 'db']]) });
  });
  it('is quiet without choices', () => {
    expectNone(config, 'convert/decision-unused');
  });
});
