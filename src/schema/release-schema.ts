// The JSON Schema of a kind as one release reads it (`sgconf schema <kind> --target <v>`): the shipped
// schemas describe the newest release; a field the release does not know yet is taken out, and one it
// still knows that a later release removed is put in, described by when it goes (src/releases/fields.ts).
import { RELEASE_FIELDS } from '../releases/fields.js';
import { compareReleases, NEWEST_RELEASE, type Release } from '../releases/index.js';
import type { Kind } from '../types.js';

type SchemaNode = { [key: string]: unknown };

export function releaseSchema(schema: SchemaNode, kind: Kind, target: Release): SchemaNode {
  if (target === NEWEST_RELEASE) return schema;
  const copy = structuredClone(schema);
  const defs = (copy['$defs'] ?? {}) as Record<string, SchemaNode>;
  const resolve = (node: SchemaNode): SchemaNode => {
    const ref = node['$ref'];
    return typeof ref === 'string' && ref.startsWith('#/$defs/') ? resolve(defs[ref.slice('#/$defs/'.length)] ?? {}) : node;
  };
  for (const [rowKind, path, added, removed, source] of RELEASE_FIELDS) {
    if (rowKind !== kind) continue;
    const segments = path.slice(1).split('/');
    const name = segments.pop()!;
    let parent: SchemaNode | null = resolve(copy);
    for (const segment of segments) {
      if (!parent) break;
      const next: unknown = segment === '*' ? parent['additionalProperties'] ?? parent['items'] : propertyOf(parent, segment);
      parent = next && typeof next === 'object' ? resolve(next as SchemaNode) : null;
    }
    const properties = parent?.['properties'] as Record<string, unknown> | undefined;
    if (!properties) continue;
    const known = (added === null || compareReleases(added, target) <= 0) && (removed === null || compareReleases(target, removed) < 0);
    const key = keyOf(properties, name);
    if (!known && key !== undefined) delete properties[key];
    if (known && key === undefined && removed !== null) properties[name] = { description: `Known to ${target}; removed in ${removed} (${source}).` };
  }
  copy['title'] = `${String(copy['title'] ?? kind)} (Sync Gateway ${target})`;
  if (typeof copy['$id'] === 'string') copy['$id'] = copy['$id'].replace(/\.schema\.json$/, `-${target}.schema.json`);
  return copy;
}

function propertyOf(node: SchemaNode, name: string): unknown {
  const properties = node['properties'] as Record<string, unknown> | undefined;
  const key = properties ? keyOf(properties, name) : undefined;
  return key === undefined ? undefined : properties![key];
}

/** A schema property's key for a field (the gateway's decoder matches keys case-insensitively). */
function keyOf(properties: Record<string, unknown>, name: string): string | undefined {
  return Object.keys(properties).find((k) => k.toLowerCase() === name.toLowerCase());
}
