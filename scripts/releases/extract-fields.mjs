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
      structs.set(`${pkg}.${head[1]}`, fields);
    }
  }
  return structs;
}

function pathsFrom(structs, root, pkgOfRoot) {
  const out = new Set();
  const visit = (qualified, prefix, seen) => {
    const fields = structs.get(qualified);
    if (!fields || seen.has(qualified)) return;
    const pkg = qualified.split('.')[0];
    for (const f of fields) {
      let type = f.type;
      let suffix = '';
      for (;;) {
        if (type.startsWith('*')) type = type.slice(1);
        else if (type.startsWith('[]')) { type = type.slice(2); suffix += '/*'; }
        else if (/^map\[[^\]]+\]/.test(type)) { type = type.replace(/^map\[[^\]]+\]/, ''); suffix += '/*'; }
        else break;
      }
      const target = type.includes('.') ? type : `${pkg}.${type}`;
      const next = new Set(seen).add(qualified);
      if (f.json === null || f.inline) {
        visit(target, prefix, next);
        continue;
      }
      const here = `${prefix}/${f.json}`;
      out.add(here);
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
for (const [line, tag] of Object.entries(TAGS)) {
  const structs = structsOf(tag);
  for (const [kind, rootOf] of Object.entries(ROOTS)) {
    const root = rootOf(line);
    if (!root) continue;
    for (const p of pathsFrom(structs, ...root)) ((known[kind] ??= {})[p] ??= []).push(line);
  }
}
const lines = Object.keys(TAGS);
const changes = {};
for (const [kind, paths] of Object.entries(known)) {
  for (const [p, present] of Object.entries(paths)) {
    const relevant = kind === 'bootstrap' ? lines.slice(1) : lines;
    if (present.length === relevant.length) continue;
    (changes[kind] ??= {})[p] = present.join(' ');
  }
}
process.stdout.write(JSON.stringify({ tags: TAGS, changes }, null, 1) + '\n');
