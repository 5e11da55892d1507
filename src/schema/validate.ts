// Schema validation: ajv errors become one diagnostic each, at the pointer of the offending key or
// value, in words a person understands (no cascades of anyOf noise), with "did you mean" for unknown keys.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonValue, Kind, RawDiagnostic } from '../types.js';
import { escapePointerToken, splitPointer } from '../types.js';
import { loadSchema, provideSchema, type SchemaNode } from './schemas.js';
import { walkerFor } from './normalize.js';
import { closestMatch } from '../distance.js';
import { isSecretKey } from '../secrets.js';

const validators = new Map<Kind, ValidateFunction>();

/**
 * Loads the validator of one kind: compiled at build time (scripts/compile-schemas.mjs) or, failing that,
 * now. The compiled module also holds the kind's schema, which loadSchema then hands out (no second read
 * and parse of the schema file). Call it before the schema is needed.
 */
export async function getValidator(kind: Kind): Promise<ValidateFunction> {
  let validate = validators.get(kind);
  if (validate) return validate;
  validate = (await loadPrecompiled(kind)) ?? (await compileNow(kind));
  validators.set(kind, validate);
  return validate;
}

async function loadPrecompiled(kind: Kind): Promise<ValidateFunction | null> {
  try {
    // A template literal, not a computed URL: the bundler (scripts/bundle.mjs) then includes every module of
    // compiled/, each evaluated only when its kind is met.
    const mod = (await import(`./compiled/${kind}.js`)) as { validate?: ValidateFunction; schema?: SchemaNode };
    if (mod.schema) provideSchema(kind, mod.schema);
    return mod.validate ?? null;
  } catch {
    return null;
  }
}

async function compileNow(kind: Kind): Promise<ValidateFunction> {
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  const { default: addFormats } = await import('ajv-formats');
  const AjvClass = Ajv2020 as unknown as typeof import('ajv/dist/2020.js').default;
  // The same options as scripts/compile-schemas.mjs: diagnostics are built from ajv's error objects.
  const ajv = new AjvClass({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  return ajv.compile(loadSchema(kind));
}

export async function validateSchema(kind: Kind, value: JsonValue): Promise<RawDiagnostic[]> {
  const validate = await getValidator(kind);
  if (validate(value)) return [];
  const errors = (validate.errors ?? []) as ErrorObject[];
  // The validator keeps its last errors until it runs again: for a config of a million unknown keys, a
  // million objects that would live through every later stage.
  validate.errors = null;
  return toDiagnostics(kind, errors);
}

function toDiagnostics(kind: Kind, errors: ErrorObject[]): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  const dropped = new Set<ErrorObject>();
  const walker = walkerFor(kind);

  // Collapse anyOf/oneOf: when the value matched a branch's type (its errors are deeper), keep those;
  // otherwise one message listing what the value may be.
  const combinators = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  for (const c of combinators) {
    const inside = errors.filter((e) => e !== c && e.schemaPath.startsWith(c.schemaPath + '/'));
    const deeper = inside.filter((e) => e.instancePath.length > c.instancePath.length || e.keyword === 'additionalProperties' || e.keyword === 'required');
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of inside) {
      const branch = e.schemaPath.slice(c.schemaPath.length + 1).split('/')[0]!;
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), e]);
    }
    const typeMatched = [...byBranch.values()].find((list) => list.every((e) => deeper.includes(e)));
    if (typeMatched) {
      for (const e of inside) if (!typeMatched.includes(e)) dropped.add(e);
      dropped.add(c);
    } else {
      for (const e of inside) dropped.add(e);
    }
  }

  let suggestions = MAX_SUGGESTIONS;
  const resolve = walker.resolve.bind(walker);
  for (const e of errors) {
    // A property-name check reports the name's own error (pattern ...) too: one finding is enough.
    if (dropped.has(e) || (e.keyword !== 'propertyNames' && (e as { propertyName?: string }).propertyName !== undefined)) continue;
    if (e.keyword === 'additionalProperties' && suggestions <= 0) {
      // Past the first unknown keys: the finding without its message (made if it is listed).
      const key = String((e.params as { additionalProperty: string }).additionalProperty);
      out.push({ rule: 'schema/unknown-field', severity: 'error', message: '', pointer: `${e.instancePath}/${escapePointerToken(key)}`, target: 'key', unknownKey: key });
      continue;
    }
    const suggest = e.keyword === 'additionalProperties' && suggestions-- > 0;
    const d = describe(kind, e, resolve, suggest);
    if (d) out.push(d);
  }
  // One diagnostic per pointer and rule.
  const seen = new Set<string>();
  return out.filter((d) => {
    const key = `${d.rule}|${d.pointer}|${d.target ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The field names a schema object declares, listed once per schema (100,000 unknown keys ask 100,000 times). */
const FIELDS = new WeakMap<SchemaNode, string[]>();
function knownFields(schema: SchemaNode): string[] {
  let fields = FIELDS.get(schema);
  if (!fields) FIELDS.set(schema, (fields = Object.keys(schema.properties ?? {})));
  return fields;
}

/** The message of schema/unknown-field for `key` in the object at `parent`. */
export function unknownFieldMessage(kind: Kind, parent: string, key: string): string {
  return `unknown field "${key}" ${placeOf(kind, parent)}`;
}

/**
 * "Did you mean" for the first unknown keys of a file only: past them the keys are not typos (a generated
 * file of 1,000,000 keys), and the search would be most of the run.
 */
const MAX_SUGGESTIONS = 1000;

function describe(kind: Kind, e: ErrorObject, resolve: (n: SchemaNode) => SchemaNode | null, suggest = true): RawDiagnostic | null {
  const pointer = e.instancePath;
  const name = fieldName(pointer);
  const where = placeOf(kind, pointer);
  const parentSchema = (e.parentSchema ?? {}) as SchemaNode;
  const error = (rule: string, message: string, p = pointer, target: 'key' | 'value' = 'value'): RawDiagnostic => ({ rule, severity: 'error', message, pointer: p, target });

  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String((e.params as { additionalProperty: string }).additionalProperty);
      const suggestion = suggest ? closestMatch(key, knownFields(parentSchema)) : undefined;
      const p = `${pointer}/${escapePointerToken(key)}`;
      return error('schema/unknown-field', `${unknownFieldMessage(kind, pointer, key)}${suggestion ? `; did you mean "${suggestion}"?` : ''}`, p, 'key');
    }
    case 'required': {
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      return error('schema/required', `"${missing}" is required ${where}`, pointer, pointer === '' ? 'value' : 'key');
    }
    case 'type':
      return error('schema/type', typeMessage(name, e.data, String((e.params as { type: string | string[] }).type), parentSchema));
    case 'enum':
    case 'const': {
      const allowed = (e.keyword === 'enum' ? (e.params as { allowedValues: unknown[] }).allowedValues : [(e.params as { allowedValue: unknown }).allowedValue]) ?? [];
      const caseHint = typeof e.data === 'string' ? allowed.find((a) => typeof a === 'string' && a.toLowerCase() === (e.data as string).toLowerCase()) : undefined;
      const quoted = typeof e.data === 'string' && allowed.some((a) => typeof a !== 'string' && JSON.stringify(a) === (e.data as string).trim());
      const hint = caseHint !== undefined ? ` (the gateway compares exactly: write "${caseHint}")` : quoted ? ` (write ${(e.data as string).trim()} without quotes)` : '';
      return error('schema/enum', `"${name}" must be ${alternatives(allowed)}, not ${show(e.data, name)}${hint}`);
    }
    case 'pattern': {
      const pattern = String((e.params as { pattern: string }).pattern);
      if (pattern.includes('ms|s|m|h') || /duration/i.test(parentSchema.description ?? '')) {
        return error('schema/format', `"${name}" must be a Go duration such as "10s", "1m30s" or "250ms", not ${show(e.data, name)}`);
      }
      return error('schema/format', `"${name}" ${show(e.data, name)} does not have the expected form (${pattern})${describeHint(parentSchema)}`);
    }
    case 'format':
      return error('schema/format', `"${name}" must be a valid ${String((e.params as { format: string }).format)}, not ${show(e.data, name)}`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const { comparison, limit } = e.params as { comparison: string; limit: number };
      return error('schema/range', `"${name}" must be ${comparison} ${limit}, not ${show(e.data, name)}`);
    }
    case 'minLength':
    case 'maxLength': {
      const { limit } = e.params as { limit: number };
      const length = typeof e.data === 'string' ? e.data.length : 0;
      return error('schema/range', `"${name}" must be ${e.keyword === 'maxLength' ? 'at most' : 'at least'} ${limit} characters long (it has ${length})`);
    }
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties': {
      const { limit } = e.params as { limit: number };
      return error('schema/range', `"${name}" must have ${e.keyword.startsWith('min') ? 'at least' : 'at most'} ${limit} ${e.keyword.endsWith('Items') ? 'items' : 'entries'}`);
    }
    case 'uniqueItems':
      return error('schema/range', `"${name}" must not repeat items`);
    case 'not':
    case 'false schema': {
      const description = parentSchema.description ?? resolve(parentSchema)?.description ?? '';
      const forbidden = /^Not allowed in a persisted database config:?\s*/i;
      if (forbidden.test(description)) {
        const why = description.replace(forbidden, '').trim();
        return { ...error('schema/forbidden-field', `"${name}" is not allowed in a persisted database config`, pointer, 'key'), ...(why ? { detail: `${why.charAt(0).toUpperCase()}${why.slice(1)}` } : {}) };
      }
      return error('schema/forbidden-field', `"${name}" is not allowed here${description ? `: ${description}` : ''}`, pointer, 'key');
    }
    case 'propertyNames': {
      const key = String((e.params as { propertyName: string }).propertyName);
      const p = `${pointer}/${escapePointerToken(key)}`;
      const what = fieldName(pointer) === 'databases' || kind === 'database' ? 'database name' : 'name';
      return { ...error('schema/invalid-name', `${what} "${key}" is not allowed`, p, 'key'), detail: 'Names must start with a lower-case letter and use only a-z, 0-9, and - _ $ ( ) + /.' };
    }
    case 'anyOf':
    case 'oneOf': {
      const branches = (Array.isArray(e.schema) ? e.schema : []) as SchemaNode[];
      const options = branches.map((b) => summarize(resolve(b) ?? b)).filter(Boolean);
      return error('schema/type', `"${name}" must be ${options.join(' or ') || 'one of the allowed forms'}, not ${show(e.data, name)}`);
    }
    case 'if':
    case 'then':
    case 'else':
    case 'dependentRequired':
    case 'dependencies':
      return null;
    default:
      return error('schema/invalid', `"${name}" ${e.message ?? 'is invalid'}`);
  }
}

function typeMessage(name: string, data: unknown, expected: string, schema: SchemaNode): string {
  const words = expected.split(',').map(typeWord).join(' or ');
  if (data === null) {
    return `"${name}" is null: the gateway accepts a null entry here and then crashes at startup; remove the entry or give it a value`;
  }
  const isDuration = typeof schema.pattern === 'string' && schema.pattern.includes('ms|s|m|h');
  if (isDuration && typeof data === 'number') {
    return `"${name}" must be a duration string such as "${data}s", not the number ${data}: 3.x durations are strings in Go syntax`;
  }
  if (typeof data === 'string' && (expected.includes('integer') || expected.includes('number')) && data.trim() !== '' && !Number.isNaN(Number(data))) {
    return `"${name}" must be ${words}, not the string ${show(data, name)}: the gateway never accepts quoted numbers`;
  }
  if (typeof data === 'string' && expected.includes('boolean') && /^(true|false)$/i.test(data)) {
    return `"${name}" must be ${words}, not the string ${show(data, name)}: write ${data.toLowerCase()} without quotes`;
  }
  if (typeof data === 'number' && expected === 'integer') {
    return `"${name}" must be a whole number, not ${data}`;
  }
  return `"${name}" must be ${words}, not ${show(data, name)}`;
}

function typeWord(t: string): string {
  switch (t) {
    case 'integer': return 'an integer';
    case 'number': return 'a number';
    case 'string': return 'a string';
    case 'boolean': return 'true or false';
    case 'object': return 'an object';
    case 'array': return 'an array';
    case 'null': return 'null';
    default: return t;
  }
}

function summarize(s: SchemaNode): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return alternatives(s.enum);
  if (s.type) return (Array.isArray(s.type) ? s.type : [s.type]).map(typeWord).join(' or ');
  if (s.properties) return 'an object';
  return '';
}

function alternatives(values: unknown[]): string {
  const shown = values.map((v) => JSON.stringify(v));
  if (shown.length <= 1) return shown.join('');
  if (shown.length > 12) return `one of ${shown.slice(0, 12).join(', ')}, ...`;
  return `one of ${shown.join(', ')}`;
}

function describeHint(schema: SchemaNode): string {
  const d = schema.description;
  if (!d) return '';
  const first = d.split(/(?<=\.)\s/)[0]!;
  return first.length < 160 ? `: ${first}` : '';
}

/** A short, safe rendering of a value for a message (secrets never shown). */
function show(value: unknown, fieldNameForSecrets = ''): string {
  if (isSecretKey(fieldNameForSecrets)) return typeof value === 'string' ? 'a string (value hidden)' : `a ${valueType(value)} (value hidden)`;
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 37) + '...' : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return 'an object';
}

function valueType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** The field as messages name it: "revs_limit", or "enabled_events[0]" for an entry of a list. */
export function fieldName(pointer: string): string {
  const tokens = splitPointer(pointer);
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (!/^\d+$/.test(tokens[i]!)) return i === tokens.length - 1 ? tokens[i]! : `${tokens[i]}[${tokens.slice(i + 1).join('][')}]`;
  }
  return tokens.length ? tokens[tokens.length - 1]! : '(document)';
}

/** "in database "db"", "in "api.https"", "at the top level". */
export function placeOf(kind: Kind, pointer: string): string {
  const tokens = splitPointer(pointer);
  if (tokens.length === 0) return kind === 'database' ? 'at the top level of the database config' : 'at the top level';
  if (kind === 'legacy' && tokens[0] === 'databases' && tokens.length >= 2) {
    const rest = tokens.slice(2);
    return rest.length ? `in "${rest.join('.')}" of database "${tokens[1]}"` : `in database "${tokens[1]}"`;
  }
  return `in "${tokens.join('.')}"`;
}
