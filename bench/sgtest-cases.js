// Writes a test file of `count` cases for examples/testing/orders.json into `dir` (seeded, so every run
// measures the same cases): creations by the owner and by strangers, status changes by clerks and by
// owners, deletes, archived orders, other document types. Returns the number of cases.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function writeSyncCases(dir, count) {
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(root, 'examples', 'testing', 'orders.json'), path.join(dir, 'orders.json'));
  let seed = 42;
  const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const cases = [];
  for (let i = 0; i < count; i++) {
    const owner = `user${random(500)}`;
    const kind = random(6);
    if (kind === 0) cases.push({ name: `create ${i}`, doc: { type: 'order', owner, status: 'new', items: [{ sku: `s${i}`, qty: random(9) + 1 }] }, userCtx: { name: owner }, expect: { rejected: false, channels: [`orders-${owner}`] } });
    else if (kind === 1) cases.push({ name: `stranger ${i}`, doc: { type: 'order', owner, status: 'new' }, userCtx: { name: `${owner}x` }, expect: { rejected: 403 } });
    else if (kind === 2) cases.push({ name: `clerk ${i}`, doc: { type: 'order', owner, status: 'shipped' }, oldDoc: { type: 'order', owner, status: 'new' }, userCtx: { name: 'carl', roles: ['clerk'] }, expect: { rejected: false, authorization: { roles: ['clerk'] } } });
    else if (kind === 3) cases.push({ name: `delete ${i}`, doc: { _deleted: true }, oldDoc: { type: 'order', owner, status: 'new' }, userCtx: { name: owner }, expect: { rejected: false } });
    else if (kind === 4) cases.push({ name: `archive ${i}`, doc: { type: 'order', owner, status: 'archived' }, oldDoc: { type: 'order', owner, status: 'archived' }, userCtx: { name: owner }, expect: { expiry: 2592000 } });
    else cases.push({ name: `other ${i}`, doc: { type: 'invoice', owner }, expect: { rejected: { status: 403, message: 'only orders are stored here' } } });
  }
  writeFileSync(path.join(dir, 'orders.sgtest.json'), JSON.stringify({ config: 'orders.json', cases }));
  return count;
}
