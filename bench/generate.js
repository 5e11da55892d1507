// Reproducible benchmark inputs (seeded PRNG: the same bytes on every machine and every run).
//
//   typical   a legacy config: three databases, the first with a 40-line sync function in a backtick
//             string, an import filter, two webhooks with filters and two replications (about 8 KB)
//   large     500 databases shaped like the first one, each with its own 150-line sync function (~10 MB)
//   large2x   the same with 1000 databases
//   many      a folder of 1000 small database configs
//
// Every legacy input is also written in strict JSON (functions as ordinary JSON strings, "*.strict.json"):
// ajv-cli and the bare JSON.parse baseline cannot read backtick strings.
//
// Usage: node bench/generate.js [outDir]   (default bench/out)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** mulberry32: small, fast, and the same sequence everywhere. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ['order', 'invoice', 'task', 'note', 'ticket', 'profile', 'message', 'device', 'shipment', 'booking', 'product', 'review', 'payment', 'report', 'visit', 'asset'];
const FIELDS = ['owner', 'author', 'assignee', 'customer', 'creator', 'member', 'manager', 'agent'];
const STATES = ['draft', 'open', 'closed', 'archived', 'pending', 'approved'];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

/** A wrapper object marking a value that the dialect writer puts in a backtick string. */
class Fn {
  constructor(source) { this.source = source; }
  toJSON() { return this.source; }
}

/** An ES5 sync function of exactly `lines` lines (at least 12), the way people write them. */
function syncFunction(rand, lines, tag) {
  const head = [
    'function (doc, oldDoc) {',
    '  if (doc._deleted) {',
    '    requireAdmin();',
    '    return;',
    '  }',
    '  if (!doc.type) {',
    '    throw({forbidden: "every document needs a type"});',
    '  }',
    '  var isNew = oldDoc === null || oldDoc === undefined;',
    '  switch (doc.type) {',
  ];
  const tail = ['    default:', '      throw({forbidden: "unknown document type " + doc.type});', '  }', '}'];
  const body = [];
  let n = 0;
  while (head.length + body.length + tail.length < lines) {
    const noun = `${pick(rand, NOUNS)}_${tag}_${n++}`;
    const field = pick(rand, FIELDS);
    const state = pick(rand, STATES);
    const block = [
      `    case "${noun}":`,
      `      // a ${noun} is written by its ${field} and read by everyone in channel ${noun}.all`,
      `      requireUser(doc.${field});`,
      `      if (!isNew && oldDoc.${field} != doc.${field}) {`,
      `        throw({forbidden: "${field} of a ${noun} cannot change"});`,
      '      }',
      `      if (doc.state == "${state}") {`,
      `        requireRole(["${noun}-editor", "${noun}-admin"]);`,
      '      }',
      `      channel(["${noun}." + doc.${field}, "${noun}.all"]);`,
      `      access(doc.${field}, "${noun}." + doc.${field});`,
      '      break;',
    ];
    const room = lines - head.length - body.length - tail.length;
    if (room >= block.length) body.push(...block);
    else if (room >= 3) body.push(`    case "${noun}":`, ...Array.from({ length: room - 2 }, (_, i) => `      channel("${noun}.extra${i}");`), '      break;');
    else body.push(...Array.from({ length: room }, (_, i) => `    // reserved type ${i + 1}: not in use yet`));
  }
  return new Fn([...head, ...body, ...tail].join('\n'));
}

/** An ES5 filter (import filter or webhook filter) of about `lines` lines. */
function filterFunction(rand, lines, tag) {
  const out = ['function (doc) {', '  if (doc._deleted) {', '    return false;', '  }'];
  let n = 0;
  while (out.length < lines - 2) {
    const noun = `${pick(rand, NOUNS)}_${tag}_${n++}`;
    out.push(`  // ${noun}: forwarded unless it is ${pick(rand, STATES)}`, `  if (doc.type == "${noun}" && doc.state != "${pick(rand, STATES)}") {`, '    return true;', '  }');
  }
  out.push('  return false;', '}');
  return new Fn(out.join('\n'));
}

// One cluster and one gateway identity for every database of a config, as real configs have them.
const SERVER = 'couchbases://cb1.example.com';
const BUCKET_USER = { username: 'sync_gateway', password: 'pw-bucket-7f3a9c' };

function database(rand, name, { syncLines, filterLines, full }) {
  const db = {
    server: SERVER,
    bucket: `${name}-bucket`,
    ...BUCKET_USER,
    enable_shared_bucket_access: true,
    import_docs: true,
    revs_limit: 250,
    sync: syncFunction(rand, syncLines, name.replace(/[^a-z0-9]/g, '')),
  };
  if (!full) return db;
  db.users = {
    GUEST: { disabled: true },
    [`${name}-admin`]: { password: `pw-${Math.floor(rand() * 1e9).toString(36)}`, admin_roles: ['editor'], admin_channels: [`${name}.all`] },
    [`${name}-viewer`]: { password: `pw-${Math.floor(rand() * 1e9).toString(36)}`, admin_roles: ['reader'] },
  };
  db.roles = { editor: { admin_channels: [`${name}.all`] }, reader: { admin_channels: [`${name}.public`] } };
  db.import_filter = filterFunction(rand, filterLines, 'imp');
  db.event_handlers = {
    max_processes: 100,
    wait_for_process: '500',
    document_changed: [
      { handler: 'webhook', url: `https://hooks.example.com/${name}/changed`, filter: filterFunction(rand, filterLines, 'wh1'), timeout: 30 },
      { handler: 'webhook', url: `https://audit.example.com/${name}/events`, filter: filterFunction(rand, filterLines, 'wh2'), timeout: 30 },
    ],
  };
  db.replications = {
    [`${name}-to-dr`]: {
      remote: `https://sg-dr.example.com:4984/${name}`,
      remote_username: `repl-${name}`,
      remote_password: `pw-${Math.floor(rand() * 1e9).toString(36)}`,
      direction: 'pushAndPull',
      continuous: true,
      filter: 'sync_gateway/bychannel',
      query_params: { channels: [`${name}.public`, `${name}.all`] },
      max_backoff_time: 5,
    },
    [`${name}-from-edge`]: {
      remote: `https://sg-edge.example.com:4984/${name}`,
      remote_username: `repl-${name}`,
      remote_password: `pw-${Math.floor(rand() * 1e9).toString(36)}`,
      direction: 'pull',
      continuous: true,
      max_backoff_time: 10,
    },
  };
  return db;
}

function legacyConfig(rand, databases) {
  return {
    interface: ':4984',
    adminInterface: '127.0.0.1:4985',
    metricsInterface: '127.0.0.1:4986',
    use_tls_server: true,
    logging: { console: { log_level: 'info', log_keys: ['HTTP', 'Sync', 'Import'] } },
    CORS: { Origin: ['https://app.example.com'], Headers: ['Content-Type'], MaxAge: 1728000 },
    databases,
  };
}

/** The gateway's dialect: function sources as backtick strings, everything else as JSON. */
export function toDialect(value, indent = '') {
  if (value instanceof Fn) return '`' + value.source + '`';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => typeof v !== 'object' || v === null)) return '[' + value.map((v) => JSON.stringify(v)).join(', ') + ']';
    const inner = indent + '  ';
    return '[\n' + value.map((v) => inner + toDialect(v, inner)).join(',\n') + '\n' + indent + ']';
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    const inner = indent + '  ';
    return '{\n' + keys.map((k) => `${inner}${JSON.stringify(k)}: ${toDialect(value[k], inner)}`).join(',\n') + '\n' + indent + '}';
  }
  return JSON.stringify(value);
}

function typical() {
  const rand = prng(6001);
  return legacyConfig(rand, {
    orders: database(rand, 'orders', { syncLines: 40, filterLines: 20, full: true }),
    inventory: database(rand, 'inventory', { syncLines: 32, full: false }),
    customers: database(rand, 'customers', { syncLines: 32, full: false }),
  });
}

function large(count, seed) {
  const rand = prng(seed);
  const dbs = {};
  for (let i = 0; i < count; i++) {
    const name = `db${String(i).padStart(4, '0')}`;
    dbs[name] = database(rand, name, { syncLines: 150, filterLines: 112, full: true });
  }
  return legacyConfig(rand, dbs);
}

/** A small 3.x database config (the payload of PUT /{db}/), as a config repository holds them. */
function smallDatabase(rand, i) {
  const name = `app${String(i).padStart(4, '0')}`;
  return {
    name,
    bucket: `${name}-bucket`,
    num_index_replicas: 1,
    enable_shared_bucket_access: true,
    import_docs: true,
    revs_limit: 100,
    sync: syncFunction(rand, 12, name).source,
  };
}

/** Writes every input; returns their paths and sizes. */
export function generate(outDir = path.join(here, 'out')) {
  mkdirSync(outDir, { recursive: true });
  const written = {};
  const write = (name, value) => {
    const dialect = toDialect(value) + '\n';
    const strict = JSON.stringify(value, null, 2) + '\n';
    const file = path.join(outDir, `${name}.json`);
    const strictFile = path.join(outDir, `${name}.strict.json`);
    writeFileSync(file, dialect);
    writeFileSync(strictFile, strict);
    written[name] = { file, strictFile, bytes: Buffer.byteLength(dialect), strictBytes: Buffer.byteLength(strict) };
  };
  write('typical', typical());
  write('large', large(500, 6002));
  write('large2x', large(1000, 6002));

  const manyDir = path.join(outDir, 'many');
  rmSync(manyDir, { recursive: true, force: true });
  mkdirSync(manyDir, { recursive: true });
  const rand = prng(6003);
  let manyBytes = 0;
  for (let i = 0; i < 1000; i++) {
    const text = JSON.stringify(smallDatabase(rand, i), null, 2) + '\n';
    manyBytes += Buffer.byteLength(text);
    writeFileSync(path.join(manyDir, `app${String(i).padStart(4, '0')}.json`), text);
  }
  written.many = { dir: manyDir, files: readdirSync(manyDir).length, bytes: manyBytes };
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = generate(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  for (const [name, info] of Object.entries(out)) {
    process.stdout.write(`${name.padEnd(8)} ${info.file ?? info.dir}  ${(info.bytes / 1024).toFixed(1)} KB${info.files ? ` in ${info.files} files` : ''}\n`);
  }
}
