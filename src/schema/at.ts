// The schema of the value at a pointer, for the editor: hover shows its description, completion its
// properties. Keys match case-insensitively, as the gateway matches them.
import { splitPointer, type Kind } from '../types.js';
import type { SchemaNode } from './schemas.js';
import { walkerFor } from './normalize.js';

export function schemaAt(kind: Kind, pointer: string): SchemaNode | null {
  const walker = walkerFor(kind);
  let node = walker.resolve(walker.root);
  for (const token of splitPointer(pointer)) {
    if (!node) return null;
    const properties = node.properties ?? {};
    const exact = Object.keys(properties).find((k) => k === token) ?? Object.keys(properties).find((k) => k.toLowerCase() === token.toLowerCase());
    if (exact !== undefined) {
      node = walker.resolve(properties[exact]);
      continue;
    }
    const pattern = Object.entries(node.patternProperties ?? {}).find(([p]) => new RegExp(p, 'u').test(token));
    if (pattern) {
      node = walker.resolve(pattern[1]);
      continue;
    }
    if (/^\d+$/.test(token) && node.items && node.items !== true) {
      node = walker.resolve(node.items);
      continue;
    }
    node = typeof node.additionalProperties === 'object' ? walker.resolve(node.additionalProperties) : null;
  }
  return node;
}
