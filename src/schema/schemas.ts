// The JSON Schemas of the three kinds (schemas/*.schema.json), and walking them by key.
import { readFileSync } from 'node:fs';
import type { Kind } from '../types.js';
import { packageFile } from '../paths.js';

export type SchemaNode = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode | boolean;
  prefixItems?: SchemaNode[];
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  description?: string;
  deprecated?: boolean;
  not?: SchemaNode;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  [key: string]: unknown;
};

const cache = new Map<Kind, SchemaNode>();

/** The schema of a kind, when its compiled validator module holds it (validate.ts); the file is not read then. */
export function provideSchema(kind: Kind, schema: SchemaNode): void {
  if (!cache.has(kind)) cache.set(kind, schema);
}

export function loadSchema(kind: Kind): SchemaNode {
  let schema = cache.get(kind);
  if (!schema) {
    schema = JSON.parse(readFileSync(packageFile(`schemas/${kind}.schema.json`), 'utf8')) as SchemaNode;
    cache.set(kind, schema);
  }
  return schema;
}

/** Follows local `$ref`s (`#/$defs/...`) and merges the properties of allOf/anyOf/oneOf branches. */
export class SchemaWalker {
  private readonly resolved = new Map<SchemaNode, SchemaNode>();

  constructor(readonly root: SchemaNode) {}

  resolve(node: SchemaNode | boolean | undefined): SchemaNode | null {
    if (!node || node === true) return null;
    const cached = this.resolved.get(node);
    if (cached) return cached;
    let current: SchemaNode = node;
    for (let guard = 0; current.$ref && guard < 20; guard++) {
      const target = this.deref(current.$ref);
      if (!target) break;
      const { $ref: _ignored, ...rest } = current;
      current = Object.keys(rest).length ? { ...target, ...rest } : target;
    }
    const branches = [...(current.allOf ?? []), ...(current.anyOf ?? []), ...(current.oneOf ?? [])];
    if (branches.length) {
      const properties: Record<string, SchemaNode> = { ...(current.properties ?? {}) };
      let additional = current.additionalProperties;
      for (const b of branches) {
        const r = this.resolve(b);
        if (!r) continue;
        for (const [k, v] of Object.entries(r.properties ?? {})) if (!(k in properties)) properties[k] = v;
        if (additional === undefined && r.additionalProperties !== undefined && typeof r.additionalProperties === 'object') additional = r.additionalProperties;
      }
      current = { ...current, properties, additionalProperties: additional };
    }
    this.resolved.set(node, current);
    return current;
  }

  private deref(ref: string): SchemaNode | null {
    if (!ref.startsWith('#')) return null;
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split('/').filter(Boolean)) {
      const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Record<string, unknown> | undefined)?.[token];
    }
    return (node as SchemaNode) ?? null;
  }

  /** Names of the properties an object schema declares. */
  propertyNames(node: SchemaNode | null): string[] {
    return node?.properties ? Object.keys(node.properties) : [];
  }
}
