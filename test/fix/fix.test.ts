// lint --fix: each fix is the smallest edit (everything outside it byte for byte), a second run changes
// nothing, YAML is left alone, and the command writes atomically with the file's mode or prints a diff.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fixText } from '../../src/fix/run.js';
import { editFor } from '../../src/fix/edits.js';
import { parseSource } from '../../src/source/index.js';
import { unifiedDiff } from '../../src/fix/diff.js';
import { runCli } from '../helpers/cli.js';

const OPTIONS = { env: {}, remote: false } as const;

/** The text outside the changed region: what a fix must keep byte for byte. */
function outside(before: string, after: string): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < before.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { prefix, suffix };
}

const cases: { name: string; file: string; before: string; after: string }[] = [
  {
    name: 'plain JSON: import_docs "continuous" becomes true',
    file: 'db.json',
    before: '{\n  "bucket": "b",\n  "import_docs": "continuous"\n}\n',
    after: '{\n  "bucket": "b",\n  "import_docs": true\n}\n',
  },
  {
    name: 'the gateway\'s dialect: a backtick function stays as written, replication_id is inserted as the first member',
    file: 'db.json',
    before: '{\n  "bucket": "b",\n  "sync": `function (doc) {\n    channel(doc.c);\n  }`,\n  "replications": {\n    "r1": {\n      "remote": "https://sg2/db",\n      "direction": "pull",\n      "max_backoff_time": 5\n    }\n  }\n}\n',
    after: '{\n  "bucket": "b",\n  "sync": `function (doc) {\n    channel(doc.c);\n  }`,\n  "replications": {\n    "r1": {\n      "replication_id": "r1",\n      "remote": "https://sg2/db",\n      "direction": "pull",\n      "max_backoff_time": 5\n    }\n  }\n}\n',
  },
  {
    name: 'inline objects: a member inserted inline',
    file: 'db.json',
    before: '{"bucket": "b", "replications": {"r1": {"remote": "https://sg2/db", "direction": "pull", "max_backoff_time": 5}}}',
    after: '{"bucket": "b", "replications": {"r1": {"replication_id": "r1", "remote": "https://sg2/db", "direction": "pull", "max_backoff_time": 5}}}',
  },
  {
    name: 'CRLF line endings: ignored legacy keys removed with their lines, the last one with the comma before it',
    file: 'sync_gateway.json',
    before: '{\r\n  "adminUI": "/x.html",\r\n  "databases": {\r\n    "db": {"server": "couchbases://cb", "enable_shared_bucket_access": true}\r\n  },\r\n  "deploymentID": "abc"\r\n}\r\n',
    after: '{\r\n  "databases": {\r\n    "db": {"server": "couchbases://cb", "enable_shared_bucket_access": true}\r\n  }\r\n}\r\n',
  },
  {
    name: 'a bootstrap field the target reads and never uses: removed with its line',
    file: 'bootstrap.json',
    before: '{\n  "bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "pw"},\n  "couchbase_keepalive_interval": 30,\n  "max_file_descriptors": 90000\n}\n',
    after: '{\n  "bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "pw"},\n  "max_file_descriptors": 90000\n}\n',
  },
  {
    name: 'a deprecated field the gateway reads as its replacement: rewritten in its place when no object on the way exists',
    file: 'db.json',
    before: '{\n  "bucket": "b",\n  "num_index_replicas": 0\n}\n',
    after: '{\n  "bucket": "b",\n  "index": {"num_replicas": 0}\n}\n',
  },
  {
    name: 'a deprecated field moved into the object that holds its replacement\'s place',
    file: 'db.json',
    before: '{\n  "bucket": "b",\n  "rev_cache_size": 5000,\n  "cache": {\n    "channel_cache": {"max_length": 50}\n  }\n}\n',
    after: '{\n  "bucket": "b",\n  "cache": {\n    "rev_cache": {"size": 5000},\n    "channel_cache": {"max_length": 50}\n  }\n}\n',
  },
  {
    name: 'YAML: deprecated cache keys moved into channel_cache at its indentation, a key whose replacement is set removed',
    file: 'db.yaml',
    before: 'bucket: b\ncache:\n  channel_cache_max_length: 100  # per channel\n  channel_cache:\n    max_num_pending: 5\n  max_num_pending: 9\n',
    after: 'bucket: b\ncache:\n  channel_cache:\n    max_length: 100  # per channel\n    max_num_pending: 5\n',
  },
  {
    name: 'a member that ends its line, moved from among others: no blank is left at the end of the line',
    file: 'db.json',
    before: '{"bucket": "b", "rev_cache_size": 10,\r\n  "cache": {"channel_cache": {"max_length": 5}}}\r\n',
    after: '{"bucket": "b",\r\n  "cache": {"rev_cache": {"size": 10}, "channel_cache": {"max_length": 5}}}\r\n',
  },
  {
    name: 'a legacy database: the deprecated key of each database',
    file: 'sync_gateway.json',
    before: '{"databases": {"db": {"server": "couchbases://cb", "enable_shared_bucket_access": true, "cache": {"channel_cache_expiry": 60}}}}',
    after: '{"databases": {"db": {"server": "couchbases://cb", "enable_shared_bucket_access": true, "cache": {"channel_cache": {"expiry_seconds": 60}}}}}',
  },
  {
    name: 'a trailing comma removed, in an object and in a list, each its own pass; the backtick function stays as written',
    file: 'db.json',
    before: '{\n  "bucket": "b",\n  "sync": `function (doc) { channel(doc.c); }`,\n  "import_docs": ["x",\n  ],\n}\n',
    after: '{\n  "bucket": "b",\n  "sync": `function (doc) { channel(doc.c); }`,\n  "import_docs": ["x"\n  ]\n}\n',
  },
  {
    name: 'a missing comma inserted after the value before it, between members and between items',
    file: 'db.json',
    before: '{\n  "bucket": "b"\n  "users": {"ann": {"admin_channels": ["a" "b"]}}\n}\n',
    after: '{\n  "bucket": "b",\n  "users": {"ann": {"admin_channels": ["a", "b"]}}\n}\n',
  },
  {
    name: 'a trailing comma after an environment reference: the reference stays as written',
    file: 'db.json',
    before: '{"bucket": "${BUCKET:-b}", "revs_limit": 100,}',
    after: '{"bucket": "${BUCKET:-b}", "revs_limit": 100}',
  },
  {
    name: 'query_limit moved to the database\'s query_pagination_limit; one that a set query_pagination_limit overrides removed',
    file: 'db.json',
    before: '{"bucket": "b", "cache": {"channel_cache": {"query_limit": 100}}}',
    after: '{"query_pagination_limit": 100, "bucket": "b", "cache": {"channel_cache": {}}}',
  },
  {
    name: 'deprecated fields that the target does nothing with are removed: pool, kv_tls_port, a star channel of true',
    file: 'db.json',
    before: '{\n  "bucket": "b",\n  "pool": "default",\n  "kv_tls_port": 11207,\n  "cache": {"channel_cache": {"enable_star_channel": true}}\n}\n',
    after: '{\n  "bucket": "b",\n  "cache": {"channel_cache": {}}\n}\n',
  },
];

describe('lint --fix on a text', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const first = await fixText(c.before, c.file, OPTIONS);
      expect(first.text).toBe(c.after);
      expect(first.fixed).toBeGreaterThan(0);
      // Only the edited region differs (the expected texts above are the input with the edit alone).
      const { prefix, suffix } = outside(c.before, first.text);
      expect(prefix + suffix).toBeLessThanOrEqual(c.before.length);
      const second = await fixText(first.text, c.file, OPTIONS);
      expect(second).toEqual({ text: first.text, fixed: 0, passes: 0 });
    });
  }

  it('YAML with comments: a value replaced, a member inserted at its mapping\'s indentation, comments kept', async () => {
    const yaml = [
      '# the orders database',
      'bucket: b',
      'import_docs: continuous  # the old spelling',
      'replications:',
      '  # the warehouse copy',
      '  r1:',
      '    remote: https://sg2/db   # over TLS',
      '    direction: pull',
      '    max_backoff_time: 5',
      '',
    ].join('\n');
    const fixed = await fixText(yaml, 'db.yaml', OPTIONS);
    expect(fixed.text).toBe(yaml.replace('continuous', 'true').replace('    remote:', '    replication_id: "r1"\n    remote:'));
    expect((await fixText(fixed.text, 'db.yaml', OPTIONS)).fixed).toBe(0);
  });

  it('YAML: an ignored key is removed with its line and its comment, the other comments stay', async () => {
    const yaml = '# legacy\nadminUI: /x.html  # the old page\ndatabases:\n  db:\n    server: couchbases://cb\n    enable_shared_bucket_access: true\ndeploymentID: abc\n';
    const fixed = await fixText(yaml, 'sync_gateway.yaml', OPTIONS);
    expect(fixed.text).toBe('# legacy\ndatabases:\n  db:\n    server: couchbases://cb\n    enable_shared_bucket_access: true\n');
  });

  it.each([
    ['a value the replacement would refuse (the old key is copied in after validation)', '{"bucket": "b", "cache": {"max_wait_pending": 0}}'],
    ['a revision cache of 0, which Community Edition resets under the replacement', '{"bucket": "b", "rev_cache_size": 0}'],
    ['both num_index_replicas and index.num_replicas: refused, the owner chooses', '{"bucket": "b", "num_index_replicas": 1, "index": {"num_replicas": 2}}'],
    ['a target that does not know the replacement (3.2: index.num_replicas is from 3.3)', '{"bucket": "b", "num_index_replicas": 1}', { target: '3.2' }],
    ['a target that still reads the field (3.1 sets the keep-alive)', '{"bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "pw"}, "couchbase_keepalive_interval": 30}', { target: '3.1' }],
  ] as const)('moves no deprecated field where the gateway would read it otherwise: %s', async (_name, text, extra = {}) => {
    expect((await fixText(text, 'db.json', { ...OPTIONS, ...extra })).fixed).toBe(0);
  });

  it('applies only the fixes its caller accepts (convert takes no removal: what it drops it names)', async () => {
    const text = '{"bootstrap": {"server": "couchbases://cb", "username": "sg", "password": "pw"}, "couchbase_keepalive_interval": 30}';
    expect((await fixText(text, 'bootstrap.json', OPTIONS)).text).not.toContain('couchbase_keepalive_interval');
    const kept = await fixText(text, 'bootstrap.json', OPTIONS, undefined, (fix) => fix.op !== 'remove-member');
    expect(kept).toEqual({ text, fixed: 0, passes: 0 });
  });

  it('moves no deprecated field whose YAML comment would have no place in a flow mapping (nothing written is lost)', async () => {
    const yaml = 'bucket: b\ncache:\n  channel_cache: {max_num_pending: 5}\n  channel_cache_max_length: 100  # per channel\n';
    expect((await fixText(yaml, 'db.yaml', OPTIONS)).fixed).toBe(0);
    const uncommented = await fixText(yaml.replace('  # per channel', ''), 'db.yaml', OPTIONS);
    expect(uncommented.text).toBe('bucket: b\ncache:\n  channel_cache: {max_length: 100, max_num_pending: 5}\n');
  });

  it('moves nothing in YAML that shares text through an alias: the move that keeps one database could change another', async () => {
    // db1 sets the replacement (its rev_cache_size is ignored); db2 merges rev_cache_size but has a cache of its own.
    const yaml = ['databases:', '  db1: &defaults', '    server: couchbases://cb', '    enable_shared_bucket_access: true', '    rev_cache_size: 5000', '    cache: {rev_cache: {size: 100}}', '  db2:', '    <<: *defaults', '    cache: {channel_cache: {max_length: 50}}', ''].join('\n');
    expect((await fixText(yaml, 'sync_gateway.yaml', OPTIONS)).fixed).toBe(0);
  });

  it('a move takes only a number written as such, never a value the deployment gives ($SIZE)', () => {
    const edit = (text: string) => editFor({ op: 'move-member', pointer: '/rev_cache_size', to: '/cache/rev_cache/size' }, text, parseSource(text, 'db.json', { env: { SIZE: '5' } }).document!);
    expect(edit('{"bucket": "b", "rev_cache_size": 5}')).toEqual({ start: 16, end: 35, text: '"cache": {"rev_cache": {"size": 5}}' });
    expect(edit('{"bucket": "b", "rev_cache_size": $SIZE}')).toBeNull();
  });

  it('removes a trailing comma though a later error remains, and nothing else: a comment is the author\'s to mend', async () => {
    const before = '{\n  "bucket": "b",\n  "revs_limit": 100,\n}\n// the orders database\n';
    const fixed = await fixText(before, 'db.json', OPTIONS);
    expect(fixed).toMatchObject({ text: '{\n  "bucket": "b",\n  "revs_limit": 100\n}\n// the orders database\n', fixed: 1 });
    // After a function's string, a quote may be the function's own (its string ended early): no comma inserted.
    const quoted = '{"bucket": "b", "sync": "function (doc) { channel(" "); }"}';
    expect(await fixText(quoted, 'db.json', OPTIONS)).toEqual({ text: quoted, fixed: 0, passes: 0 });
    // A comment before the trailing comma stops the read there: no fix.
    const comment = '{\n  // the orders database\n  "bucket": "b",\n}\n';
    expect(await fixText(comment, 'db.json', OPTIONS)).toEqual({ text: comment, fixed: 0, passes: 0 });
  });

  it('a byte order mark is removed, and the fixes after it land where their findings are', async () => {
    const fixed = await fixText('\uFEFF{"bucket": "b", "revs_limit": 100, "import_docs": "continuous",}', 'db.json', OPTIONS);
    expect(fixed.text).toBe('{"bucket": "b", "revs_limit": 100, "import_docs": true}');
    expect(fixed.fixed).toBe(3);
    expect(await fixText('\uFEFF{"bucket": "b"}', 'db.json', OPTIONS)).toEqual({ text: '{"bucket": "b"}', fixed: 1, passes: 0 });
  });

  it('removes no text that is not what the fix names (a finding of another text)', () => {
    const fix = { op: 'replace-text', start: 33, end: 34, removed: ',', text: '' } as const;
    expect(editFor(fix, '{"bucket": "b", "revs_limit": 100,}', null)).toEqual({ start: 33, end: 34, text: '' });
    expect(editFor(fix, '{"bucket": "b", "revs_limit": 1000,}', null)).toBeNull();
  });

  it('removes a deprecated field only where the target does nothing with it', async () => {
    // 3.3 turns the star channel off when told false; 3.0 still reads disable_clean_skipped_query; 2.8 uses the pool.
    for (const [text, target] of [
      ['{"bucket": "b", "cache": {"channel_cache": {"enable_star_channel": false}}}', '3.3'],
      ['{"bucket": "b", "unsupported": {"disable_clean_skipped_query": true}}', '3.0'],
      ['{"databases": {"db": {"server": "couchbases://cb", "enable_shared_bucket_access": true, "pool": "p1"}}}', '2.8'],
      // Without channel_cache's true, the gateway would read the old place's false (deprecatedConfigCacheFallback).
      ['{"bucket": "b", "cache": {"enable_star_channel": false, "channel_cache": {"enable_star_channel": true}}}', '3.3'],
    ] as const) {
      const file = text.startsWith('{"databases"') ? 'sync_gateway.json' : 'db.json';
      expect(await fixText(text, file, { ...OPTIONS, target }), `${text} for ${target}`).toEqual({ text, fixed: 0, passes: 0 });
    }
    // A query_pagination_limit of 0 counts as unset: the gateway takes query_limit (rest/server_context.go@4.1.1).
    const zero = '{"bucket": "b", "query_pagination_limit": 0, "cache": {"channel_cache": {"query_limit": 100}}}';
    expect(await fixText(zero, 'db.json', OPTIONS)).toEqual({ text: zero, fixed: 0, passes: 0 });
    expect((await fixText(zero.replace(': 0,', ': 50,'), 'db.json', OPTIONS)).text).toBe('{"bucket": "b", "query_pagination_limit": 50, "cache": {"channel_cache": {}}}');
    // The old place of a true that the new place overrides: removed (the new place wins, rest/config.go deprecatedConfigCacheFallback).
    const both = '{"bucket": "b", "cache": {"enable_star_channel": true, "channel_cache": {"enable_star_channel": false}}}';
    expect((await fixText(both, 'db.json', { ...OPTIONS, target: '3.3' })).text).toBe('{"bucket": "b", "cache": {"channel_cache": {"enable_star_channel": false}}}');
  });

  it('offers no fix that changes what the target does: a key 4.1 refuses is reported, not removed', async () => {
    const text = '{"logging": {"default": {"logLevel": "info"}}, "databases": {"db": {"server": "couchbases://cb", "enable_shared_bucket_access": true}}}';
    expect((await fixText(text, 'sg.json', OPTIONS)).fixed).toBe(0);
  });
});

describe('unified diff', () => {
  it('prints the changed lines with three lines of context, as diff -u does', () => {
    const before = ['{', '  "a": 1,', '  "b": 2,', '  "c": 3,', '  "d": 4,', '  "e": 5', '}', ''].join('\n');
    // (seven lines: the final line break ends the last one)
    const after = before.replace('"c": 3', '"c": 4');
    expect(unifiedDiff('x.json', before, after)).toBe(['--- a/x.json', '+++ b/x.json', '@@ -1,7 +1,7 @@', ' {', '   "a": 1,', '   "b": 2,', '-  "c": 3,', '+  "c": 4,', '   "d": 4,', '   "e": 5', ' }', ''].join('\n'));
    expect(unifiedDiff('x.json', before, before)).toBe('');
  });
});

describe('sgconf lint --fix', () => {
  it('--fix-dry-run prints the diff and writes nothing; --fix writes the file with its mode and reports what is left', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sgconf-fix-'));
    const file = path.join(dir, 'db.json');
    const before = '{\n  "bucket": "b",\n  "import_docs": "continuous"\n}\n';
    writeFileSync(file, before);
    chmodSync(file, 0o640);
    const dry = await runCli(['lint', 'db.json', '--fix-dry-run'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(['--- a/db.json', '+++ b/db.json', '@@ -1,4 +1,4 @@', ' {', '   "bucket": "b",', '-  "import_docs": "continuous"', '+  "import_docs": true', ' }', '1 fix in 1 file would be applied; 0 errors and 0 warnings would remain', ''].join('\n'));
    expect(readFileSync(file, 'utf8')).toBe(before);
    // The count after the diff is text patch tools pass over: the output applies as it is.
    writeFileSync(path.join(dir, 'fix.diff'), dry.stdout);
    expect(spawnSync('patch', ['--dry-run', '-p1', '-i', 'fix.diff'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
    const fixed = await runCli(['lint', 'db.json', '--fix', '--format', 'json'], { cwd: dir });
    expect(fixed.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before.replace('"continuous"', 'true'));
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(JSON.parse(fixed.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'upgrade/removed-key')).toEqual([]);
    // A second run has nothing left to do.
    const again = await runCli(['lint', 'db.json', '--fix-dry-run'], { cwd: dir });
    expect(again.stdout).toBe('');
  });

  it('--quiet reports errors only, and still applies the fixes of warnings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sgconf-fix-'));
    writeFileSync(path.join(dir, 'db.json'), '{\n  "bucket": "b",\n  "import_docs": "continuous"\n}\n');
    const fixed = await runCli(['lint', 'db.json', '--fix', '--quiet'], { cwd: dir });
    expect(fixed.code).toBe(0);
    expect(readFileSync(path.join(dir, 'db.json'), 'utf8')).toContain('"import_docs": true');
  });
});
