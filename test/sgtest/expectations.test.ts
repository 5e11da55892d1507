// What a test file can say of a case: parts of a message in any order, parts of channels and grants, each
// require* call, shared defaults (YAML anchors too), the function file on its own, notes on what the gateway
// changes before the function runs, and where two results differ. Real files, the real engine.
import { describe, expect, it } from 'vitest';
import { runInFolder } from '../rules/sgtest/harness.js';
import type { CaseResult } from '../../src/sgtest/run.js';

// synctos' style: the errors come from a for-in over the document, so their order is the document's.
const VALIDATOR = `function (doc, oldDoc) {
  var errors = [];
  var required = {owner: 1, name: 1, size: 1};
  for (var key in required) if (doc[key] === undefined) errors.push(key + " is missing");
  if (errors.length > 0) throw({forbidden: "Invalid item document: " + errors.join("; ")});
  if (doc.kind === "shared") { requireAccess(["editors", "admins"]); } else if (doc.kind === "both") { requireAccess("editors"); requireAccess("admins"); } else if (doc.kind === "none") { requireAccess([]); } else { requireUser(doc.owner); }
  channel("owner-" + doc.owner, "all");
  access(doc.owner, "owner-" + doc.owner);
}`;

const DB = { name: 'items', bucket: 'items', sync: VALIDATOR };

function byName(cases: CaseResult[]): Record<string, CaseResult> {
  return Object.fromEntries(cases.map((c) => [c.name, c]));
}

async function run(testFile: string, extra: Record<string, unknown> = {}) {
  const result = await runInFolder({ 'items.json': DB, 't.sgtest.yaml': testFile, ...extra });
  expect(result.diagnostics).toEqual([]);
  return byName(result.cases);
}

describe('partial expectations', () => {
  it('messageIncludes and exception lists: every part, in any order; a missing part is named', async () => {
    const cases = await run(`config: items.json
cases:
  - name: any order
    doc: {}
    expect: {rejected: {status: 403, messageIncludes: ["size is missing", "owner is missing", "name is missing"]}}
  - name: a part that is not there
    doc: {}
    expect: {rejected: {status: 403, messageIncludes: ["owner is missing", "colour is missing"]}}
  - name: exception parts
    doc: {owner: ann}
    expect: {exception: ["name is missing", "Invalid item document"]}
`);
    expect(cases['any order']!.passed).toBe(true);
    expect(cases['exception parts']!.passed).toBe(true);
    expect(cases['a part that is not there']!.failures).toEqual([expect.objectContaining({ field: 'rejected', difference: 'the message lacks "colour is missing"' })]);
  });

  it('channels and access: includes and excludes check a part; the missing and extra members are named', async () => {
    const cases = await run(`config: items.json
cases:
  - name: includes
    doc: {owner: ann, name: n, size: 1}
    userCtx: {name: ann}
    expect: {channels: {includes: [owner-ann]}, access: {includes: {ann: [owner-ann]}}}
  - name: excludes fails
    doc: {owner: ann, name: n, size: 1}
    userCtx: {name: ann}
    expect: {channels: {excludes: [all]}}
  - name: exact fails
    doc: {owner: ann, name: n, size: 1}
    userCtx: {name: ann}
    expect: {channels: [owner-ann, public]}
`);
    expect(cases['includes']!.passed).toBe(true);
    expect(cases['excludes fails']!.failures[0]!.difference).toBe('holds "all", which it must not');
    expect(cases['exact fails']!.failures[0]!.difference).toBe('missing "public"; extra "all"');
  });

  it('access: parts and exact maps name each user\'s problem, a user called "constructor" too', async () => {
    const cases = await run(`config: items.json
cases:
  - name: parts
    doc: {owner: ann, name: n, size: 1}
    userCtx: {name: ann}
    expect: {access: {includes: {ann: [owner-ann, other]}, excludes: {ann: [owner-ann], bob: [x]}}}
  - name: constructor
    doc: {owner: constructor, name: n, size: 1}
    userCtx: {name: constructor}
    expect: {access: {ann: [owner-ann]}}
`);
    expect(cases['parts']!.failures[0]!.difference).toBe('ann: missing "other"; holds "owner-ann", which it must not');
    expect(cases['constructor']!.failures[0]!.difference).toBe('ann: missing "owner-ann"; constructor: extra "owner-constructor"');
  });

  it('demands: one entry per require* call, so either-of and both, and none and an empty call, differ', async () => {
    const cases = await run(`config: items.json
defaults:
  userCtx: {name: eve}
cases:
  - name: either channel
    doc: {owner: ann, name: n, size: 1, kind: shared}
    expect: {demands: [{channels: [admins, editors]}]}
  - name: both channels
    doc: {owner: ann, name: n, size: 1, kind: both}
    expect: {demands: [{channels: [editors]}, {channels: [admins]}]}
  - name: both is not either
    doc: {owner: ann, name: n, size: 1, kind: both}
    expect: {demands: [{channels: [editors, admins]}]}
  - name: an empty call
    doc: {owner: ann, name: n, size: 1, kind: none}
    expect: {demands: [{channels: []}]}
  - name: an empty call is not no call
    doc: {owner: ann, name: n, size: 1, kind: none}
    expect: {demands: []}
  - name: the owner
    doc: {owner: ann, name: n, size: 1}
    expect: {demands: [{users: [ann]}], rejected: {status: 403}}
`);
    for (const name of ['either channel', 'both channels', 'an empty call', 'the owner']) expect(cases[name]!.passed, name).toBe(true);
    expect(cases['both is not either']!.failures[0]!.difference).toBe('call 1 (requireAccess(["editors"])): missing "admins"');
    expect(cases['an empty call is not no call']!.failures[0]!.difference).toBe('call 1 (requireAccess([])) was not expected');
  });
});

describe('defaults', () => {
  it('are merged into every case (expect key by key, the case winning), YAML anchors too', async () => {
    const cases = await run(`config: items.json
defaults:
  doc: &complete {owner: ann, name: n, size: 1}
  userCtx: {name: ann}
  expect: {rejected: false, channels: {includes: [all]}}
cases:
  - name: from the defaults
    expect: {}
  - name: an alias of the anchor
    doc: *complete
    expect: {access: {ann: [owner-ann]}}
  - name: the case wins
    doc: {owner: bob, name: n, size: 1}
    expect: {rejected: {status: 403}, channels: {includes: []}}
`);
    expect(cases['from the defaults']!.passed).toBe(true);
    expect(cases['an alias of the anchor']!.passed).toBe(true);
    expect(cases['the case wins']!.passed).toBe(true);
  });
});

describe('the function is the unit', () => {
  it('function: a .js file, run exactly as the config will hold it (a $ in it stays a $)', async () => {
    const fn = 'function (doc) { channel(doc.tag.replace(/(\\w+)-(\\w+)/, "$2-$1")); }';
    const result = await runInFolder({
      'sync-function.js': fn,
      't.sgtest.yaml': 'function: sync-function.js\ncases:\n  - {name: swapped, doc: {tag: a-b}, expect: {channels: [b-a]}}\n',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.cases[0]!.passed).toBe(true);
  });

  it('type: import_filter makes every case an import filter case; a broken function file is the file\'s error', async () => {
    const ok = await runInFolder({
      'filter.js': 'function (doc) { return doc.type == "item"; }',
      't.sgtest.yaml': 'function: filter.js\ntype: import_filter\ncases:\n  - {name: item, doc: {type: item}, expect: {import: true}}\n  - {name: other, doc: {type: x}, expect: {import: false}}\n',
    });
    expect(ok.cases.map((c) => c.passed)).toEqual([true, true]);
    const broken = await runInFolder({ 'sync.js': 'function (doc) { channel(', 't.sgtest.yaml': 'function: sync.js\ncases:\n  - {name: x, doc: {}, expect: {channels: []}}\n' });
    expect(broken.diagnostics[0]).toMatchObject({ rule: 'sgtest/config-unusable', pointer: '/function', message: expect.stringContaining('the function file sync.js has an error') });
    const missing = await runInFolder({ 't.sgtest.yaml': 'function: nope.js\ncases:\n  - {name: x, doc: {}, expect: {channels: []}}\n' });
    expect(missing.diagnostics[0]!.message).toBe('the function file nope.js does not exist');
  });
});

describe('what the gateway does before the function runs', () => {
  it('a note when it takes _attachments out; a write it refuses is one failure that says so', async () => {
    const cases = await run(`config: items.json
defaults:
  userCtx: {name: ann}
cases:
  - name: attachments
    doc: {owner: ann, name: n, size: 1, _attachments: {a.txt: {stub: true}}}
    expect: {channels: [owner-ann]}
  - name: a bad _rev
    doc: {owner: ann, name: n, size: 1, _rev: my-rev}
    expect: {channels: [owner-ann, all], demands: [{users: [ann]}]}
  - name: the refusal expected
    doc: {owner: ann, _rev: my-rev}
    expect: {rejected: {status: 400, message: Invalid revision ID}}
`);
    expect(cases['attachments']!.notes).toEqual([expect.stringContaining('takes "_attachments" out of the body')]);
    expect(cases['a bad _rev']!.failures).toEqual([{ field: 'write', expected: 'the sync function to run', actual: 'the gateway refused the write before the function ran: 400 Invalid revision ID' }]);
    expect(cases['the refusal expected']!.passed).toBe(true);
  });

  it('two long messages that differ: the failure shows where', async () => {
    const cases = await run(`config: items.json
cases:
  - name: long
    doc: {owner: ann}
    expect: {rejected: {status: 403, message: "Invalid item document: name is missing; size is mising"}}
`);
    expect(cases['long']!.failures[0]!.difference).toBe('they differ from character 52: expected "… size is mising", got "… size is missing"');
  });
});

describe('where they differ, in every report format', () => {
  it('stylish, JUnit and GitHub annotations show the missing and extra members under the failure', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { runCli } = await import('../helpers/cli.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgtest-formats-'));
    writeFileSync(path.join(dir, 'items.json'), JSON.stringify(DB));
    writeFileSync(path.join(dir, 't.sgtest.yaml'), 'config: items.json\ncases:\n  - {name: c, doc: {owner: ann, name: n, size: 1}, expect: {channels: [owner-ann, public]}}\n');
    for (const format of ['stylish', 'junit', 'github']) {
      const r = await runCli(['test', '--format', format], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stdout, format).toContain('missing "public"; extra "all"'.replace(/"/g, format === 'junit' ? '&quot;' : '"'));
    }
  });
});
