// A generated validation sync function in the style of synctos (the community's generator of sync
// functions): one validator per document type, each checking its properties' types, required fields,
// dates, regular expressions, ranges and nested lists, collecting the errors and rejecting with all of
// them; channels and access grants by type. Seeded: the same bytes on every run.
//
//   writeValidationSuite(dir, { types, cases }) writes dir/validation.json (a 3.x database config with the
//   function in a backtick string), dir/validation.sgtest.json (the cases) and dir/calls.json (the same
//   cases as the engine's calls, for the native comparison) and returns { lines, cases }.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { prng } from './generate.js';

const FIELD_KINDS = ['string', 'integer', 'float', 'boolean', 'date', 'email', 'enum', 'list', 'object'];

function fieldsFor(random, count) {
  return Array.from({ length: count }, (_, i) => ({
    name: `field${i}`,
    kind: FIELD_KINDS[Math.floor(random() * FIELD_KINDS.length)],
    required: random() < 0.4,
    max: 10 + Math.floor(random() * 90),
  }));
}

function checkOf(field) {
  const at = `doc.${field.name}`;
  const lines = [];
  lines.push(`    if (${at} === undefined || ${at} === null) {`);
  lines.push(field.required ? `      errors.push("${field.name} is required");` : '      // optional');
  lines.push('    } else {');
  switch (field.kind) {
    case 'string':
      lines.push(`      if (typeof ${at} !== "string") errors.push("${field.name} must be a string");`);
      lines.push(`      else if (${at}.length > ${field.max}) errors.push("${field.name} must be at most ${field.max} characters");`);
      lines.push(`      else if (/^\\s|\\s$/.test(${at})) errors.push("${field.name} must not start or end with a space");`);
      break;
    case 'integer':
      lines.push(`      if (typeof ${at} !== "number" || Math.floor(${at}) !== ${at}) errors.push("${field.name} must be an integer");`);
      lines.push(`      else if (${at} < 0 || ${at} > ${field.max * 100}) errors.push("${field.name} must be between 0 and ${field.max * 100}");`);
      break;
    case 'float':
      lines.push(`      if (typeof ${at} !== "number" || isNaN(${at})) errors.push("${field.name} must be a number");`);
      lines.push(`      else if (Math.abs(${at}) >= ${field.max * 1000}) errors.push("${field.name} must be less than ${field.max * 1000}");`);
      break;
    case 'boolean':
      lines.push(`      if (typeof ${at} !== "boolean") errors.push("${field.name} must be true or false");`);
      break;
    case 'date':
      lines.push(`      if (typeof ${at} !== "string" || !/^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2}))?$/.test(${at})) errors.push("${field.name} must be an ISO 8601 date");`);
      lines.push(`      else if (isNaN(new Date(${at}).getTime())) errors.push("${field.name} is not a real date");`);
      break;
    case 'email':
      lines.push(`      if (typeof ${at} !== "string" || !/^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$/i.test(${at})) errors.push("${field.name} must be an email address");`);
      break;
    case 'enum':
      lines.push(`      if (["draft", "open", "closed", "archived"].indexOf(${at}) < 0) errors.push("${field.name} must be draft, open, closed or archived");`);
      break;
    case 'list':
      lines.push(`      if (!isArray(${at})) errors.push("${field.name} must be a list");`);
      lines.push(`      else {`);
      lines.push(`        if (${at}.length > ${field.max}) errors.push("${field.name} has more than ${field.max} items");`);
      lines.push(`        for (var i = 0; i < ${at}.length; i++) {`);
      lines.push(`          if (typeof ${at}[i] !== "string" || ${at}[i].length === 0) errors.push("${field.name}[" + i + "] must be a non-empty string");`);
      lines.push('        }');
      lines.push('      }');
      break;
    case 'object':
      lines.push(`      if (typeof ${at} !== "object") errors.push("${field.name} must be an object");`);
      lines.push(`      else {`);
      lines.push(`        if (typeof ${at}.name !== "string") errors.push("${field.name}.name must be a string");`);
      lines.push(`        if (${at}.count !== undefined && typeof ${at}.count !== "number") errors.push("${field.name}.count must be a number");`);
      lines.push('      }');
      break;
  }
  lines.push('    }');
  return lines;
}

function validFieldValue(random, field, i) {
  switch (field.kind) {
    case 'string': return `value ${i}`;
    case 'integer': return Math.floor(random() * field.max * 100);
    case 'float': return Math.round(random() * 10000) / 100;
    case 'boolean': return random() < 0.5;
    case 'date': return `2024-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T10:00:00Z`;
    case 'email': return `user${i}@example.com`;
    case 'enum': return ['draft', 'open', 'closed', 'archived'][Math.floor(random() * 4)];
    case 'list': return ['a', 'b', `c${i}`];
    case 'object': return { name: `n${i}`, count: i };
  }
}

function invalidFieldValue(field) {
  switch (field.kind) {
    case 'string': return 42;
    case 'integer': return 1.5;
    case 'float': return 'x';
    case 'boolean': return 'yes';
    case 'date': return '2024-02-30x';
    case 'email': return 'not an address';
    case 'enum': return 'deleted';
    case 'list': return ['ok', ''];
    case 'object': return { count: 'many' };
  }
}

/**
 * `enumerate`: each validator also rejects properties it does not know, listing the document's keys with
 * for-in as synctos does; `authorization`: the cases also expect what the function demands of the writer;
 * `name`: the config's and the test file's name.
 */
export function writeValidationSuite(dir, { types = 40, cases = 1000, seed = 7, enumerate = false, authorization = false, name = 'validation' } = {}) {
  const random = prng(seed);
  const docTypes = Array.from({ length: types }, (_, i) => ({ name: `type${i}`, fields: fieldsFor(random, 6 + Math.floor(random() * 6)) }));
  const lines = ['function (doc, oldDoc) {'];
  lines.push('  function isArray(value) { return Object.prototype.toString.call(value) === "[object Array]" || Object.prototype.toString.call(value) === "[object GoArray]"; }');
  lines.push('  function reject(type, errors) { throw({forbidden: "Invalid " + type + " document: " + errors.join("; ")}); }');
  lines.push('  if (doc._deleted) { requireAccess("editors"); return; }');
  lines.push('  var validators = {};');
  for (const type of docTypes) {
    lines.push(`  validators.${type.name} = function (doc, oldDoc) {`);
    lines.push('    var errors = [];');
    for (const field of type.fields) lines.push(...checkOf(field));
    if (enumerate) {
      lines.push(`    var known = { type: true, owner: true, _id: true, _rev: true${type.fields.map((f) => `, ${f.name}: true`).join('')} };`);
      lines.push('    for (var key in doc) { if (!known.hasOwnProperty(key)) errors.push("unknown property " + key); }');
    }
    lines.push('    if (oldDoc && oldDoc.owner !== doc.owner) errors.push("owner cannot change");');
    lines.push(`    if (errors.length > 0) reject("${type.name}", errors);`);
    lines.push(`    channel("${type.name}-" + doc.owner);`);
    lines.push(`    access(doc.owner, "${type.name}-" + doc.owner);`);
    lines.push('  };');
  }
  lines.push('  if (typeof doc.type !== "string" || !validators.hasOwnProperty(doc.type)) throw({forbidden: "Unknown document type: " + doc.type});');
  lines.push('  requireUser(doc.owner);');
  lines.push('  validators[doc.type](doc, oldDoc);');
  lines.push('}');
  const source = lines.join('\n');

  const suite = [];
  const calls = [];
  for (let i = 0; i < cases; i++) {
    const type = docTypes[Math.floor(random() * docTypes.length)];
    const owner = `user${Math.floor(random() * 200)}`;
    const doc = { type: type.name, owner };
    const broken = random() < 0.4 ? type.fields[Math.floor(random() * type.fields.length)] : null;
    type.fields.forEach((field, k) => {
      if (field === broken) doc[field.name] = invalidFieldValue(field);
      else if (field.required || random() < 0.6) doc[field.name] = validFieldValue(random, field, i + k);
    });
    const expect = {
      ...(broken ? { rejected: { status: 403 } } : { rejected: false, channels: [`${type.name}-${owner}`] }),
      ...(authorization ? { authorization: { users: [owner] } } : {}),
    };
    suite.push({ name: `${type.name} ${i}${broken ? ` with a bad ${broken.name}` : ''}`, doc, userCtx: { name: owner }, expect });
    calls.push({ doc: { ...doc, _id: `d${i}`, _rev: `1-${i}` }, oldDoc: '', meta: { xattrs: {} }, userCtx: { name: owner, channels: ['!'], roles: [] }, numbers: 'convert' });
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), `{\n  "name": "${name}",\n  "bucket": "${name}",\n  "sync": \`${source}\`\n}\n`);
  writeFileSync(path.join(dir, `${name}.sgtest.json`), JSON.stringify({ config: `${name}.json`, cases: suite }));
  writeFileSync(path.join(dir, 'calls.json'), JSON.stringify({ source, calls }));
  return { lines: lines.length, cases };
}

/**
 * A translated synctos suite's shape: `files` configs, each with its own generated validation function of
 * about 2,000 lines that enumerates the document's keys, and `cases` cases in all, each expecting what the
 * function demands of the writer. Returns { files, lines (of each function, about), cases }.
 */
export function writeSynctosSuite(dir, { files = 50, cases = 900 } = {}) {
  let lines = 0;
  for (let f = 0; f < files; f++) {
    const written = writeValidationSuite(dir, { types: 28, cases: Math.round(cases / files), seed: 100 + f, enumerate: true, authorization: true, name: `suite${String(f).padStart(2, '0')}` });
    lines = written.lines;
  }
  return { files, lines, cases: files * Math.round(cases / files) };
}

/**
 * `count` cases of a function that uses underscore and changes a global on every write (a counter), as
 * functions written for the gateway's long-lived runtimes do: each case must still start from a fresh world.
 */
export function writeGlobalMutationSuite(dir, count) {
  mkdirSync(dir, { recursive: true });
  const source = [
    'function (doc, oldDoc) {',
    '  writes = (typeof writes === "undefined" ? 0 : writes) + 1;',
    '  var tags = _.uniq(_.map(doc.tags, function (t) { return String(t).toLowerCase(); }));',
    '  if (writes !== 1) throw({forbidden: "a previous write was seen"});',
    '  _.each(tags, function (t) { channel("tag-" + t); });',
    '}',
  ].join('\n');
  writeFileSync(path.join(dir, 'tags.json'), `{\n  "name": "tags",\n  "bucket": "tags",\n  "sync": \`${source}\`\n}\n`);
  const suite = Array.from({ length: count }, (_, i) => ({ name: `tags ${i}`, doc: { tags: [`A${i % 7}`, `a${i % 7}`, `B${i % 3}`] }, expect: { channels: [`tag-a${i % 7}`, `tag-b${i % 3}`] } }));
  writeFileSync(path.join(dir, 'tags.sgtest.json'), JSON.stringify({ config: 'tags.json', cases: suite }));
  return count;
}
