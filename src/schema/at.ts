// The schema of the value at a pointer, for the editor: hover shows its description, completion its
// properties. Members are matched as normalisation matches them (memberSchema), as the gateway does.
import { splitPointer, type Kind } from '../types.js';
import type { SchemaNode } from './schemas.js';
import { memberSchema, walkerFor } from './normalize.js';

export function schemaAt(kind: Kind, pointer: string): SchemaNode | null {
  const walker = walkerFor(kind);
  let node = walker.resolve(walker.root);
  for (const token of splitPointer(pointer)) {
    if (!node) return null;
    node = /^\d+$/.test(token) && node.items && node.items !== true ? walker.resolve(node.items) : memberSchema(walker, node, token).schema;
  }
  return node;
}
