// The first cases of a run wait less when the engine's code is compiled before they need it. V8 compiles a
// WebAssembly function at its first call (lazily), on the thread that calls it, and keeps the code with the
// module, which the pool's thread and its workers share: compiled on one thread, it is there for all. A
// worker takes some 60 ms to start (most of it Node compiling its own modules: V8 takes no code cache made
// under other flags, src/launch.cts NODE_FLAGS), while the pool's thread waits for the first answers. So the
// pool's thread compiles a function of the gateway's usual shape and runs a few writes through it in an
// engine of its own, meanwhile (src/sync/pool.ts): the first program's compile and its first cases then
// find much of their code compiled. Nothing of that engine is kept but V8's code, which is the same
// whichever thread compiled it: no outcome depends on it.
import { NEWEST_RELEASE } from '../releases/index.js';
import { runDetached, type CallResult, type EngineCall } from './engine.js';
import { functionProgram } from './program.js';

/** A sync function that uses what most do: the document's fields, the require* helpers, channel, access, role, expiry, a refusal. */
const WARM_UP_SOURCE = `function (doc, oldDoc) {
  if (doc._deleted) {
    requireUser(oldDoc.owner);
    return;
  }
  if (doc.type !== "order" || !doc.owner) {
    throw({forbidden: "not an order"});
  }
  if (oldDoc && doc.status !== oldDoc.status) {
    requireRole(["clerk"]);
  } else {
    requireUser(doc.owner);
  }
  var total = 0;
  for (var i = 0; i < doc.items.length; i++) {
    total += doc.items[i].quantity * doc.items[i].price;
  }
  channel(["orders-" + doc.owner, "totals"]);
  access(doc.owner, "orders-" + doc.owner);
  role(doc.owner, "role:customer");
  if (total > 100 || doc.status === "archived") {
    expiry(30 * 24 * 60 * 60);
  }
}`;

const ORDER = { _id: 'order-1', _rev: '1-c36c26918c78d266a607f0c8ac670367', type: 'order', owner: 'ann', status: 'new', items: [{ sku: 'tea', quantity: 2, price: 4.5 }, { sku: 'cup', quantity: 1, price: 120 }] };
const ANN = { name: 'ann', channels: ['orders-ann', '!'], roles: ['customer'] };

/** Writes as the gateway hands them to the engine (src/sync/gateway.ts prepareSyncCall): a new order, an update, a refusal, a deletion. */
const WARM_UP_CALLS: readonly EngineCall[] = [
  { doc: ORDER, meta: { xattrs: {} }, userCtx: ANN, numbers: 'convert' },
  { doc: { ...ORDER, status: 'archived' }, oldDoc: JSON.stringify(ORDER), meta: { xattrs: {} }, userCtx: { name: 'bob', channels: ['!'], roles: ['clerk'] }, numbers: 'convert' },
  { doc: { _id: 'note-1', type: 'note' }, meta: { xattrs: {} }, userCtx: ANN, numbers: 'convert' },
  { doc: { _id: 'order-1', _deleted: true }, oldDoc: JSON.stringify(ORDER), meta: { xattrs: {} }, userCtx: ANN, numbers: 'convert' },
];

/** Gives the event loop a turn, then says whether to go on. */
function turn(goOn: () => boolean): Promise<boolean> {
  return new Promise((resolve) => setImmediate(() => resolve(goOn())));
}

/**
 * Compiles the engine's code for the warm-up function and its writes, on this thread, a step at a time
 * (a turn of the event loop between steps, and none once `goOn` says no). The writes' results, for tests;
 * null when it stopped (or the engine could not run it).
 */
export async function warmUpEngine(module: WebAssembly.Module, goOn: () => boolean = () => true): Promise<CallResult[] | null> {
  if (!(await turn(goOn))) return null;
  return runDetached(module, functionProgram(WARM_UP_SOURCE, 'sync', NEWEST_RELEASE), WARM_UP_CALLS, () => turn(goOn));
}
