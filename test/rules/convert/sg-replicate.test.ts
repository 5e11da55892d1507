// convert/sg-replicate: emitted by the pure converter (src/convert/sg-replicate.ts) for each replication carried.
import { describe, expect, it } from 'vitest';
import { convertLegacy } from '../../../src/convert/legacy.js';
import { cb, expectFinding, expectNone, findings } from './helpers.js';

const isgr = { decisions: new Map([['sg-replicate', 'isgr']]) };
const db = { server: cb, enable_shared_bucket_access: true };

describe('convert/sg-replicate', () => {
  it('reports the failing example', () => {
    expectFinding({ replications: [{ source: 'db', target: 'http://r:4985/db' }], databases: { db } }, 'convert/sg-replicate', 'info', '/replications/0', /push replication "sg-replicate-1"/, isgr);
  });
  it('is quiet on the passing example', () => {
    expectNone({ databases: { db: { ...db, replications: { r: { remote: 'http://r:4985/db', direction: 'push' } } } } }, 'convert/sg-replicate');
  });
  it('a URL to this node\'s own port is the local end: pull from the other end', () => {
    const r = convertLegacy({ replications: [{ replication_id: 'in', source: 'http://other:4985/db', target: 'http://localhost:4985/db', filter: 'sync_gateway/bychannel', query_params: { channels: ['a'] } }], databases: { db } }, isgr);
    expect(r.databases.db!.replications).toEqual({ in: { replication_id: 'in', remote: 'http://other:4985/db', direction: 'pull', filter: 'sync_gateway/bychannel', query_params: { channels: ['a'] } } });
  });
  it('a replication with no local end, doc_ids or another filter is dropped with a warning that names it', () => {
    const config = { replications: [
      { replication_id: 'far', source: 'http://a:4985/x', target: 'http://b:4985/y' },
      { replication_id: 'ids', source: 'db', target: 'http://b:4985/y', doc_ids: ['d1'] },
      { replication_id: 'js', source: 'db', target: 'http://b:4985/y', filter: 'app/mine' },
    ], databases: { db } };
    const dropped = findings(config, 'convert/dropped-field', isgr).map((d) => `${d.severity} ${d.pointer} ${d.message}`);
    expect(dropped).toEqual([
      'warning /replications/0 replication "far" is not written to the 3.x configs',
      'warning /replications/1 replication "ids" is not written to the 3.x configs',
      'warning /replications/2 replication "js" is not written to the 3.x configs',
    ]);
    expect(convertLegacy(config, isgr).databases.db!.replications).toBeUndefined();
  });
  it('an empty array is dropped with an info and asks nothing', () => {
    const r = convertLegacy({ replications: [], databases: { db } });
    expect(r.decisions).toEqual([]);
    expect(findings({ replications: [], databases: { db } }, 'convert/dropped-field').map((d) => d.severity)).toEqual(['info']);
  });
});
