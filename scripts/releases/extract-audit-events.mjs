#!/usr/bin/env node
// Extracts the audit events of each gateway release (base/audit_events.go: the ids of AuditEvents and whether
// each is a global event) and prints, per event, the first line whose newest patch knows it and the first patch
// tag that does. Run by hand against a clone of couchbase/sync_gateway; its output is reviewed and folded into
// src/releases/audit-events.ts.
// Usage: node scripts/releases/extract-audit-events.mjs <sync_gateway git dir> > /tmp/audit-events.json
import { execFileSync } from 'node:child_process';

const repo = process.argv[2];
if (!repo) {
  console.error('usage: extract-audit-events.mjs <sync_gateway git dir>');
  process.exit(2);
}
// The newest patch of each line with audit logging (the line takes the newest patch's behaviour).
const LINES = { '3.2': '3.2.8', '3.3': '3.3.7', '4.0': '4.0.7', '4.1': '4.1.1' };
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

/** id -> { name, global } of one tag. */
function eventsOf(tag) {
  const source = git('show', `${tag}:base/audit_events.go`);
  const ids = new Map([...source.matchAll(/^\s*(AuditID\w+)\s+(?:AuditID\s*)?=\s*(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
  const table = source.slice(source.indexOf('var AuditEvents'));
  const events = new Map();
  for (const m of table.matchAll(/^\t(AuditID\w+):\s*\{([^]*?)^\t\},/gm)) {
    const name = /Name:\s*"([^"]*)"/.exec(m[2])?.[1] ?? m[1];
    events.set(ids.get(m[1]), { name, global: /IsGlobalEvent:\s*true/.test(m[2]) });
  }
  return events;
}

const tags = git('tag').split('\n').filter((t) => /^(3\.[2-9]|4\.\d)\./.test(t));
const byVersion = (a, b) => a.split('.').map(Number).reduce((d, x, i) => d || x - (Number(b.split('.')[i]) || 0), 0) || a.length - b.length;
tags.sort(byVersion);
const rows = new Map();
for (const [line, newest] of Object.entries(LINES)) {
  for (const [id, event] of eventsOf(newest)) if (!rows.has(id)) rows.set(id, { id, ...event, from: line });
}
// The patches that added an event after their line's first tag, for the record (a line is judged as its newest
// patch, and its older patches refuse the event).
const firstOfLine = new Map();
for (const tag of tags) {
  const line = tag.split('.').slice(0, 2).join('.');
  if (!firstOfLine.has(line)) firstOfLine.set(line, tag);
  for (const id of eventsOf(tag).keys()) {
    const row = rows.get(id);
    if (!row || (row.seen ??= new Set()).has(line)) continue;
    row.seen.add(line);
    if (tag !== firstOfLine.get(line)) (row.patches ??= []).push(tag);
  }
}
for (const row of rows.values()) delete row.seen;
console.log(JSON.stringify([...rows.values()].sort((a, b) => a.id - b.id), null, 1));
