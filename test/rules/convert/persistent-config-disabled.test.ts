// convert/persistent-config-disabled: emitted by the pure converter (src/convert/legacy.ts).
import { describe, it } from 'vitest';
import { cb, expectFinding, expectNone } from './helpers.js';

describe('convert/persistent-config-disabled', () => {
  it('reports the failing example', () => {
    expectFinding({ disable_persistent_config: true, databases: { db: { server: cb } } }, 'convert/persistent-config-disabled', 'error', '/disable_persistent_config', /legacy mode/);
  });
  it('is quiet on the passing example', () => {
    expectNone({ disable_persistent_config: false, databases: { db: { server: cb } } }, 'convert/persistent-config-disabled');
  });
});
