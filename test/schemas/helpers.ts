// Shared setup of the schema tests: the committed schemas, compiled the way the validator compiles them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// Both packages are CommonJS whose module.exports is the default export; NodeNext typing sees the
// namespace instead, so name the runtime shapes explicitly.
type Ajv2020Class = typeof import('ajv/dist/2020.js').default;
const Ajv2020 = Ajv2020Module as unknown as Ajv2020Class;
const addFormats = addFormatsModule as unknown as (ajv: InstanceType<Ajv2020Class>) => void;

export const KINDS = ['legacy', 'bootstrap', 'database'] as const;
export type SchemaKind = (typeof KINDS)[number];

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
export const corpusRoot = path.resolve(repoRoot, '..', 'shared', 'corpus');

export function schemaPath(kind: SchemaKind): string {
  return path.join(repoRoot, 'schemas', `${kind}.schema.json`);
}

export function readSchemaText(kind: SchemaKind): string {
  return readFileSync(schemaPath(kind), 'utf8');
}

export function loadSchema(kind: SchemaKind): Record<string, unknown> {
  return JSON.parse(readSchemaText(kind)) as Record<string, unknown>;
}

/** Compiles like src/schema/validate.ts: ajv 2020, strict mode, all errors, ajv-formats. */
export function compile(kind: SchemaKind, options: { verbose?: boolean } = {}): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: options.verbose ?? false });
  addFormats(ajv);
  return ajv.compile(loadSchema(kind));
}

const validators = new Map<SchemaKind, ValidateFunction>();
export function validatorFor(kind: SchemaKind): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    validate = compile(kind);
    validators.set(kind, validate);
  }
  return validate;
}

export function validate(kind: SchemaKind, value: unknown): ErrorObject[] {
  const fn = validatorFor(kind);
  return fn(value) ? [] : [...(fn.errors ?? [])];
}

/** What the pipeline does before validating: object members whose value is null mean "not set". */
export function dropNullMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNullMembers);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (child !== null) out[key] = dropNullMembers(child);
    }
    return out;
  }
  return value;
}

export interface SchemaNodeVisit {
  /** Where the node sits, as a readable path through the schema ("properties/api/properties/https"). */
  location: string;
  node: Record<string, unknown>;
  /** Set when the node is the value of a `properties` entry, a `$defs` entry or a map's value schema. */
  role: 'property' | 'def' | 'mapValue' | 'other';
}

/** Visits every subschema of a schema document. */
export function walkSchema(root: Record<string, unknown>, visit: (v: SchemaNodeVisit) => void): void {
  const go = (node: unknown, location: string, role: SchemaNodeVisit['role']) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const schema = node as Record<string, unknown>;
    visit({ location, node: schema, role });
    for (const [key, child] of Object.entries(schema.properties ?? {})) go(child, `${location}/properties/${key}`, 'property');
    for (const [key, child] of Object.entries(schema.$defs ?? {})) go(child, `${location}/$defs/${key}`, 'def');
    if (typeof schema.additionalProperties === 'object') go(schema.additionalProperties, `${location}/additionalProperties`, 'mapValue');
    go(schema.items, `${location}/items`, 'other');
    go(schema.not, `${location}/not`, 'other');
    go(schema.propertyNames, `${location}/propertyNames`, 'other');
    for (const [index, child] of ((schema.anyOf as unknown[]) ?? []).entries()) go(child, `${location}/anyOf/${index}`, 'other');
  };
  go(root, '', 'other');
}
