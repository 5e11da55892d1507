#!/usr/bin/env node
// Extracts, for each gateway release line, the JSON field paths of its config structs from the gateway's
// Go source, and prints when each path was added or removed. Run by hand against a clone of
// couchbase/sync_gateway; its output is reviewed and folded into src/releases/fields.ts.
// Usage: node scripts/releases/extract-fields.mjs <sync_gateway git dir> > /tmp/fields.json
import { execFileSync } from 'node:child_process';

const repo = process.argv[2];
if (!repo) {
  console.error('usage: extract-fields.mjs <sync_gateway git dir>');
  process.exit(2);
}
// The newest patch of each line (the line takes the newest patch's behaviour).
const TAGS = { '2.8': '2.8.4', '3.0': '3.0.8.1', '3.1': '3.1.11', '3.2': '3.2.8', '3.3': '3.3.7', '4.0': '4.0.7', '4.1': '4.1.1' };
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

function structsOf(tag) {
  const files = git('ls-tree', '-r', '--name-only', tag).split('\n')
    .filter((f) => /^(rest|db|auth|base|channels)\/[^/]+\.go$/.test(f) && !f.endsWith('_test.go'));
  const structs = new Map();
  for (const file of files) {
    const pkg = file.split('/')[0];
    const lines = git('show', `${tag}:${file}`).split('\n');
    for (let i = 0; i < lines.length; i++) {
      // A named map or slice type (type DbConfigMap map[string]*DbConfig): followed like the field type it names.
      const alias = /^type (\w+) ((?:map\[[^\]]+\]|\[\])\*?[\w.]+)\s*$/.exec(lines[i]);
      if (alias) structs.set(`${pkg}.${alias[1]}`, Object.assign([], { file, alias: alias[2] }));
      const head = /^type (\w+) struct \{\s*$/.exec(lines[i]);
      if (!head) continue;
      const fields = [];
      let depth = 1;
      for (i++; i < lines.length && depth > 0; i++) {
        const line = lines[i].replace(/\/\/.*$/, '');
        if (depth === 1) {
          const named = /^\s*(\w+)\s+([^`]+?)\s*`[^`]*json:"([^"]*)"/.exec(line);
          const embedded = /^\s*\*?([\w.]+)\s*(`[^`]*`)?\s*$/.exec(line);
          if (named) {
            const name = named[3].split(',')[0];
            if (name !== '-') fields.push({ json: name || named[1], type: named[2].trim(), inline: named[3].includes('inline') });
          } else if (embedded && embedded[1] !== '}' && !line.includes('struct')) {
            fields.push({ json: null, type: embedded[1], inline: true });
          }
        }
        depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
      }
      i--;
      structs.set(`${pkg}.${head[1]}`, Object.assign(fields, { file }));
    }
  }
  return structs;
}

function pathsFrom(structs, root, pkgOfRoot) {
  const out = Object.assign(new Map(), { opaque: new Set() });
  const visit = (qualified, prefix, seen) => {
    const fields = structs.get(qualified);
    if (!fields || seen.has(qualified)) return;
    const pkg = qualified.split('.')[0];
    for (const f of fields) {
      let type = f.type;
      let suffix = '';
      let typePkg = pkg;
      for (;;) {
        if (type.startsWith('*')) type = type.slice(1);
        else if (type.startsWith('[]')) { type = type.slice(2); suffix += '/*'; }
        else if (/^map\[[^\]]+\]/.test(type)) { type = type.replace(/^map\[[^\]]+\]/, ''); suffix += '/*'; }
        else {
          const named = structs.get(type.includes('.') ? type : `${typePkg}.${type}`);
          if (!named?.alias) break;
          if (type.includes('.')) typePkg = type.split('.')[0];
          type = named.alias;
        }
      }
      const target = type.includes('.') ? type : `${typePkg}.${type}`;
      const next = new Set(seen).add(qualified);
      if (f.json === null || f.inline) {
        visit(target, prefix, next);
        continue;
      }
      const here = `${prefix}/${f.json}`;
      out.set(here, `${fields.file} ${qualified.split('.')[1]}`);
      // interface{} takes any JSON: whatever sits below it is never an unknown field to that release.
      if (/^(interface\{\}|any|json\.RawMessage)$/.test(type)) out.opaque.add(here.toLowerCase());
      if (structs.has(target)) visit(target, here + suffix, next);
    }
  };
  visit(`${pkgOfRoot}.${root}`, '', new Set());
  return out;
}

const ROOTS = {
  database: (line) => ['DbConfig', 'rest'],
  bootstrap: (line) => (line === '2.8' ? null : ['StartupConfig', 'rest']),
  legacy: (line) => (line === '2.8' ? ['ServerConfig', 'rest'] : ['LegacyServerConfig', 'rest']),
};

const known = {};
const declaredIn = {};
const spelling = {};
const opaque = {};
for (const [line, tag] of Object.entries(TAGS)) {
  const structs = structsOf(tag);
  for (const [kind, rootOf] of Object.entries(ROOTS)) {
    const root = rootOf(line);
    if (!root) continue;
    // Keyed by the lower-case path: Go's decoder matches keys case-insensitively (2.8's untagged
    // Replications field and 3.x's "replications" tag are one field to a config file).
    const paths = pathsFrom(structs, ...root);
    for (const o of paths.opaque) ((opaque[kind] ??= {})[o] ??= []).push(line);
    for (const [p, where] of paths) {
      const key = p.toLowerCase();
      ((known[kind] ??= {})[key] ??= []).push(line);
      (declaredIn[kind] ??= {})[key] ??= `${where}@${tag}`;
      (spelling[kind] ??= {})[key] = p;
    }
  }
}
const lines = Object.keys(TAGS);
const rows = [];
for (const [kind, paths] of Object.entries(known)) {
  const relevant = kind === 'bootstrap' ? lines.slice(1) : lines;
  for (const [p, declared] of Object.entries(paths)) {
    // A release where an ancestor is interface{} accepts the path too.
    const underOpaque = Object.entries(opaque[kind] ?? {}).filter(([o]) => p.startsWith(o + '/')).flatMap(([, ls]) => ls);
    const present = relevant.filter((l) => declared.includes(l) || underOpaque.includes(l));
    if (present.length === relevant.length) continue;
    const first = present[0];
    const last = present[present.length - 1];
    const removed = last === lines[lines.length - 1] ? undefined : lines[lines.indexOf(last) + 1];
    const added = first === relevant[0] ? undefined : first;
    let source = declaredIn[kind][p];
    if (removed) source += `; gone at ${TAGS[removed]}`;
    rows.push(`  ['${kind}', '${spelling[kind][p]}', ${added ? `'${added}'` : 'null'}, ${removed ? `'${removed}'` : 'null'}, '${source}'],`);
  }
}
process.stdout.write(`// Generated by scripts/releases/extract-fields.mjs from couchbase/sync_gateway at the tags
// ${Object.entries(TAGS).map(([l, t]) => `${l}: ${t}`).join(', ')} (the newest patch of each line):
// the JSON fields of the config structs whose presence differs between release lines. A field not listed
// here is known to every release that reads that kind of config. Regenerate, then review the diff by hand.
// Columns: kind, path (\`*\` = any map key or array index; matched case-insensitively, as Go's decoder does),
// first release that knows it (null: every release of the kind), first release that no longer knows it
// (null: still known by the newest), where the field is declared (file, struct, tag).
import type { Kind } from '../types.js';
import type { Release } from './index.js';

export type FieldRow = readonly [kind: Kind, path: string, added: Release | null, removed: Release | null, source: string];

export const RELEASE_FIELDS: readonly FieldRow[] = [
${rows.join('\n')}
];
`);
