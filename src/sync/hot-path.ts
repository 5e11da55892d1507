// The engine's usual path: a sync function of the gateway's usual shape and a few writes through it. The
// build runs them in the engine to find the functions they reach, which V8 then compiles as the module
// compiles, on its own threads, instead of at their first call (scripts/engine-image.mjs, the module's
// compilation hints: src/otto/compilation-hints.ts). A function the path does not reach is compiled at its
// first call, as before: the path decides only when code is compiled, never what a call answers.
import { NEWEST_RELEASE } from '../releases/index.js';
import { runDetached, type CallResult, type EngineCall } from './engine.js';
import type { ProgramStart } from '../otto/load.js';
import { functionProgram } from './program.js';

/** A sync function that uses what most do: the document's fields, the require* helpers, channel, access, role, expiry, a refusal. */
const HOT_PATH_SOURCE = `function (doc, oldDoc) {
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
const HOT_PATH_CALLS: readonly EngineCall[] = [
  { doc: ORDER, meta: { xattrs: {} }, userCtx: ANN, numbers: 'convert' },
  { doc: { ...ORDER, status: 'archived' }, oldDoc: JSON.stringify(ORDER), meta: { xattrs: {} }, userCtx: { name: 'bob', channels: ['!'], roles: ['clerk'] }, numbers: 'convert' },
  { doc: { _id: 'note-1', type: 'note' }, meta: { xattrs: {} }, userCtx: ANN, numbers: 'convert' },
  { doc: { _id: 'order-1', _deleted: true }, oldDoc: JSON.stringify(ORDER), meta: { xattrs: {} }, userCtx: ANN, numbers: 'convert' },
];

/**
 * Compiles the path's function in an engine of its own started from `from` (by default the engine's start
 * image) and runs its writes through it: their results; null when the engine could not run them.
 */
export function runHotPath(module: WebAssembly.Module, from?: ProgramStart): CallResult[] | null {
  return runDetached(module, functionProgram(HOT_PATH_SOURCE, 'sync', NEWEST_RELEASE), HOT_PATH_CALLS, from);
}
