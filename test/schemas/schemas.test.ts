// The JSON Schemas of the three config kinds: they compile in ajv strict mode, document every
// property, follow the conventions the validator relies on, and equal the generator's output.
import { describe, expect, it } from 'vitest';
import {
  buildSchemas,
  DATABASE_NAME_PATTERN,
  GO_DURATION_PATTERN,
  serializeSchema,
  SCHEMA_BASE_URL,
} from '../../scripts/schemas/generate.mjs';
import { compile, KINDS, loadSchema, readSchemaText, walkSchema, type SchemaKind } from './helpers.js';

describe.each(KINDS)('%s.schema.json', (kind: SchemaKind) => {
  const schema = loadSchema(kind);

  it('compiles with ajv 2020 in strict mode', () => {
    expect(() => compile(kind)).not.toThrow();
  });

  it('is draft 2020-12 with the published $id, a title and a description', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`${SCHEMA_BASE_URL}${kind}.schema.json`);
    expect(typeof schema.title).toBe('string');
    expect(typeof schema.description).toBe('string');
  });

  it('is self-contained: every $ref points into its own $defs', () => {
    const refs: string[] = [];
    walkSchema(schema, ({ node }) => {
      if (typeof node.$ref === 'string') refs.push(node.$ref);
    });
    expect(refs.length).toBeGreaterThan(0);
    const defs = Object.keys((schema.$defs ?? {}) as object);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/\$defs\//);
      expect(defs).toContain(ref.slice('#/$defs/'.length));
    }
  });

  it('has a non-empty description on every property, $defs entry and map value at every depth', () => {
    const missing: string[] = [];
    walkSchema(schema, ({ location, node, role }) => {
      if (role === 'other') return;
      if (typeof node.description !== 'string' || node.description.trim() === '') missing.push(location);
    });
    expect(missing).toEqual([]);
  });

  it('closes every object that declares properties (additionalProperties: false), except removed 2.x sections', () => {
    const open: string[] = [];
    const openOnPurpose: string[] = [];
    walkSchema(schema, ({ location, node }) => {
      if (!node.properties) return;
      if (node.additionalProperties === false) return;
      // Removed 2.x sections that 3.x never decodes are left open on purpose (with everything inside), and say so.
      if (openOnPurpose.some((outer) => location.startsWith(outer + '/'))) return;
      if (typeof node.$comment === 'string' && node.deprecated === true) {
        openOnPurpose.push(location);
        return;
      }
      open.push(location);
    });
    expect(open).toEqual([]);
  });

  it('marks deprecated and removed keys consistently', () => {
    const problems: string[] = [];
    const prefixes = /^(Deprecated:|Removed in 3\.0:|Ignored by 3\.x:)/;
    walkSchema(schema, ({ location, node, role }) => {
      if (role !== 'property') return;
      const description = String(node.description ?? '');
      if (node.deprecated === true && !prefixes.test(description)) problems.push(`${location}: deprecated without prefix`);
      if (prefixes.test(description) && node.deprecated !== true) problems.push(`${location}: prefix without deprecated`);
    });
    expect(problems).toEqual([]);
  });

  it('spells each key once: no two properties of one object differ only in case', () => {
    const clashes: string[] = [];
    walkSchema(schema, ({ location, node }) => {
      const seen = new Map<string, string>();
      for (const key of Object.keys((node.properties ?? {}) as object)) {
        const folded = key.toLowerCase();
        if (seen.has(folded)) clashes.push(`${location}: ${seen.get(folded)} / ${key}`);
        seen.set(folded, key);
      }
    });
    expect(clashes).toEqual([]);
  });

  it('never adds null to a type', () => {
    const nullable: string[] = [];
    walkSchema(schema, ({ location, node, role }) => {
      if (role !== 'property') return;
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (types.includes('null')) nullable.push(location);
    });
    expect(nullable).toEqual([]);
  });

  it('equals the output of scripts/schemas/generate.mjs', () => {
    const generated = buildSchemas() as Record<SchemaKind, unknown>;
    expect(readSchemaText(kind)).toBe(serializeSchema(generated[kind]));
  });
});

describe('fields not allowed in a persisted database config (reference 4.3)', () => {
  const forbidden = ['server', 'username', 'password', 'certpath', 'keypath', 'cacertpath', 'users', 'roles'];
  const database = loadSchema('database') as { properties: Record<string, Record<string, unknown>> };
  const legacy = loadSchema('legacy') as { $defs: { database: { properties: Record<string, Record<string, unknown>> } } };

  it.each(forbidden)('database "%s" is declared with not: {} and says what to do instead', (key) => {
    const field = database.properties[key]!;
    expect(field.not).toEqual({});
    expect(String(field.description)).toMatch(/^Not allowed in a persisted database config: \S/);
  });

  it.each(forbidden)('legacy databases.<name>.%s is an ordinary field', (key) => {
    const field = legacy.$defs.database.properties[key]!;
    expect(field.not).toBeUndefined();
    expect(field.type ?? field.$ref).toBeDefined();
  });
});

describe('Go duration pattern', () => {
  const duration = new RegExp(GO_DURATION_PATTERN, 'u');
  it.each(['10s', '1m30s', '250ms', '2h', '0', '1.5h', '-1s', '+5m', '.5s', '1h2m3s4ms5us6ns', '3µs', '3μs'])(
    'accepts %s',
    (text) => expect(duration.test(text)).toBe(true),
  );
  it.each(['10', '', 's', '1.5', '10 s', '1d', '1S', '10sec', 'abc'])('rejects %j', (text) =>
    expect(duration.test(text)).toBe(false),
  );
});

describe('database name pattern', () => {
  const name = new RegExp(DATABASE_NAME_PATTERN, 'u');
  it.each(['db', 'travel-sample', 'a1_$()+/-'])('accepts %s', (text) => expect(name.test(text)).toBe(true));
  it.each(['Db', '1db', '_db', 'db.name', ''])('rejects %j', (text) => expect(name.test(text)).toBe(false));
});

describe('legacy databases.<name> (reference 2.3)', () => {
  it('accepts the whole 3.x database field set', () => {
    const database = loadSchema('database') as { properties: object; $defs: object };
    const legacy = loadSchema('legacy') as { $defs: { database: { properties: object } } & Record<string, unknown> };
    expect(Object.keys(legacy.$defs.database.properties)).toEqual(expect.arrayContaining(Object.keys(database.properties)));
    // and the same shared definitions, so one field means the same thing in both files
    for (const [name, definition] of Object.entries(database.$defs)) expect(legacy.$defs[name]).toEqual(definition);
  });
});
