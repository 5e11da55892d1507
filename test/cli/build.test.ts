// sgconf build through the CLI entry point, on real files in a temp folder.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { silentServer } from '../helpers/silent-server.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sgconf-cli-build-'));
  await fs.mkdir(path.join(dir, 'src/functions'), { recursive: true });
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function sgconf(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd: dir, env: {}, isTTY: false };
  return { code: await main(args, io), stdout, stderr };
}

const put = (name: string, text: string) => fs.writeFile(path.join(dir, name), text);

describe('sgconf build', () => {
  it('--help prints the usage; missing --out is misuse', async () => {
    expect((await sgconf('build', '--help')).code).toBe(0);
    expect((await sgconf('build', 'src')).code).toBe(2);
    expect((await sgconf('build')).code).toBe(2);
  });

  it('compiles YAML and JSON sources with function files into deployable JSON', async () => {
    await put('src/bootstrap.yaml', '# node settings\nbootstrap:\n  server: couchbases://cb1\n  username: sg\n  password: ${SG_PASSWORD}\napi:\n  admin_interface: ":4985"\n');
    await put('src/orders.yaml', 'name: orders\nbucket: orders\nsync: functions/sync.js\nenable_shared_bucket_access: true\n');
    await put('src/items.json', '{ "bucket": "items", "enable_shared_bucket_access": true, "import_filter": `function(doc) { return doc.type == "item"; }` }');
    await put('src/functions/sync.js', 'function (doc, oldDoc) {\n  if (doc.price < 0) throw({forbidden: "$ negative"});\n  channel(doc.channels);\n}\n');
    // A variable the deployment is not said to set is an error, as lint says: nothing is built.
    const undeclared = await sgconf('build', 'src', '--out', 'out');
    expect(undeclared.code).toBe(1);
    expect(undeclared.stdout).toContain('  5:13      error    environment variable "SG_PASSWORD" is not defined (written "${SG_PASSWORD}"): the gateway refuses to start  source/undefined-variable');
    expect(undeclared.stdout).toContain('Nothing was built.');
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
    // Declared in the deployment's env file (set at deploy time), it is kept as written.
    await put('deploy.env', 'SG_PASSWORD=\n');
    const { code, stdout } = await sgconf('build', 'src', '--out', 'out', '--env-file', 'deploy.env');
    expect(code).toBe(0);
    expect(stdout).toContain('Built 3 files');
    const bootstrap = await fs.readFile(path.join(dir, 'out/bootstrap.json'), 'utf8');
    expect(JSON.parse(bootstrap)).toEqual({ bootstrap: { server: 'couchbases://cb1', username: 'sg', password: '${SG_PASSWORD}' }, api: { admin_interface: ':4985' } });
    expect(bootstrap.endsWith('}\n')).toBe(true);
    const orders = JSON.parse(await fs.readFile(path.join(dir, 'out/databases/orders.json'), 'utf8'));
    // `$` in a function file is written `$$`: the gateway expands the database config but not the file.
    expect(orders.sync).toBe('function (doc, oldDoc) {\n  if (doc.price < 0) throw({forbidden: "$$ negative"});\n  channel(doc.channels);\n}\n');
    const items = JSON.parse(await fs.readFile(path.join(dir, 'out/databases/items.json'), 'utf8'));
    expect(items.import_filter).toBe('function(doc) { return doc.type == "item"; }');
  });

  it('judges a bare reference where a number belongs as lint does: undeclared, an error; declared, written as it is', async () => {
    await put('src/bootstrap.json', '{\n  "bootstrap": {"server": "couchbases://cb1", "username": "sg", "password": "${SG_PASSWORD:-x}"},\n  "api": {"max_connections": $MAX_CONN}\n}\n');
    const undeclared = await sgconf('build', 'src', '--out', 'out');
    expect(undeclared.code).toBe(1);
    expect(undeclared.stdout).toContain('  3:30      error    environment variable "MAX_CONN" is not defined (written "$MAX_CONN"): the gateway refuses to start  source/undefined-variable');
    // A value the deployment sets that is no number: the gateway's JSON would not parse.
    await put('deploy.env', 'MAX_CONN=many\n');
    const notANumber = await sgconf('build', 'src', '--out', 'out', '--env-file', 'deploy.env');
    expect(notANumber.code).toBe(1);
    expect(notANumber.stdout).toContain('source/syntax');
    await put('deploy.env', 'MAX_CONN=\n');
    const declared = await sgconf('build', 'src', '--out', 'out', '--env-file', 'deploy.env');
    expect(declared.code).toBe(0);
    expect(await fs.readFile(path.join(dir, 'out/bootstrap.json'), 'utf8')).toContain('"max_connections": $MAX_CONN\n');
  });

  it('says where each inlined function was, in YAML and in JSON with keys spelled otherwise', async () => {
    await put('src/orders.yaml', 'name: orders\nbucket: orders\nsync: functions/sync.js\nenable_shared_bucket_access: true\n');
    await put('src/items.json', '{\n  "bucket": "items",\n  "enable_shared_bucket_access": true,\n  "Import_Filter": "functions/filter.js"\n}\n');
    await put('src/functions/sync.js', 'function (doc) { channel(doc.channels); }\n');
    await put('src/functions/filter.js', 'function (doc) { return true; }\n');
    const { code, stdout } = await sgconf('build', 'src', '--dry-run', '--format', 'json');
    expect(code).toBe(0);
    const inlined = JSON.parse(stdout).results.flatMap((r: { file: string; diagnostics: { rule: string }[] }) =>
      r.diagnostics.filter((d) => d.rule === 'convert/function-source').map((d) => ({ file: r.file, ...d })));
    expect(inlined).toEqual(expect.arrayContaining([
      expect.objectContaining({ file: path.join('src', 'orders.yaml'), pointer: '/sync', line: 3, column: 7 }),
      expect.objectContaining({ file: path.join('src', 'items.json'), pointer: '/import_filter', line: 4, column: 20 }),
    ]));
  });

  it('refuses legacy inputs (they are converted, not built) and writes nothing', async () => {
    await put('src/legacy.json', JSON.stringify({ databases: { db: { server: 'couchbases://cb1' } } }));
    const { code, stdout } = await sgconf('build', 'src/legacy.json', '--out', 'out');
    expect(code).toBe(1);
    expect(stdout).toContain('sgconf convert');
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses when any input has an error', async () => {
    await put('src/bootstrap.json', JSON.stringify({ bootstrap: { server: 'couchbases://cb1' } }));
    await put('src/bad.json', JSON.stringify({ bucket: 'bad', sync: 'function(doc) { let x = 1; }' }));
    const { code, stdout } = await sgconf('build', 'src', '--out', 'out', '--format', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.errorCount).toBeGreaterThan(0);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses two bootstrap sources and two databases of one name', async () => {
    await put('src/a.json', JSON.stringify({ bootstrap: { server: 'couchbases://cb1' } }));
    await put('src/b.json', JSON.stringify({ bootstrap: { server: 'couchbases://cb1' } }));
    await put('src/db1.json', JSON.stringify({ name: 'db', bucket: 'x', enable_shared_bucket_access: true }));
    await put('src/db2.json', JSON.stringify({ name: 'db', bucket: 'y', enable_shared_bucket_access: true }));
    const { code, stdout } = await sgconf('build', 'src', '--out', 'out');
    expect(code).toBe(1);
    expect(stdout).toContain('a second bootstrap config');
    expect(stdout).toContain('database "db" is also built from');
  });
});

describe('build reads files as lint does', () => {
  it('a Latin-1 source is refused as unreadable (it was built with U+FFFD), a device is not read', async () => {
    await fs.writeFile(path.join(dir, 'db.json'), Buffer.from('{"name": "db", "bucket": "caf\u00e9", "enable_shared_bucket_access": true}', 'latin1'));
    const { code, stdout } = await sgconf('build', 'db.json', '/dev/zero', '--out', 'out', '--format', 'json');
    expect(code).toBe(1);
    const byFile = Object.fromEntries(JSON.parse(stdout).results.map((r: { file: string; diagnostics: { rule: string; message: string }[] }) => [r.file, r.diagnostics.map((d) => `${d.rule}: ${d.message}`)]));
    expect(byFile['db.json']).toEqual(['source/unreadable: byte 0xE9 is not UTF-8: save the file as UTF-8']);
    expect(byFile['/dev/zero']).toEqual([expect.stringMatching(/not a regular file/)]);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow();
  });
});

describe('build walks folders as lint does', () => {
  it('follows symbolic links to files (a ConfigMap mount) and survives a link loop', async () => {
    const data = path.join(dir, 'config', '..2026_11_24_01_02_03.123');
    await fs.mkdir(data, { recursive: true });
    await fs.writeFile(path.join(data, 'orders.json'), '{"name": "orders", "bucket": "orders", "enable_shared_bucket_access": true}');
    await fs.symlink('..2026_11_24_01_02_03.123', path.join(dir, 'config', '..data'));
    await fs.symlink('..data/orders.json', path.join(dir, 'config', 'orders.json'));
    await fs.symlink('..', path.join(dir, 'config', 'loop'));
    // A link to a file kept outside the folder.
    await fs.mkdir(path.join(dir, 'shared'));
    await fs.writeFile(path.join(dir, 'shared', 'items.json'), '{"name": "items", "bucket": "items", "enable_shared_bucket_access": true}');
    await fs.symlink('../shared/items.json', path.join(dir, 'config', 'items.json'));
    const { code, stdout } = await sgconf('build', 'config', '--out', 'out');
    expect(code, stdout).toBe(0);
    expect((await fs.readdir(path.join(dir, 'out/databases'))).sort()).toEqual(['items.json', 'orders.json']);
  });
});

describe('build: remote sources turned off', () => {
  it.each([
    ['--no-remote', ['--no-remote']],
    ['the tool config\'s remote: false', []],
  ])('%s: a function named by URL cannot be inlined, so the build is refused (it wrote the URL, which the gateway rejects)', async (_name, flags) => {
    if (flags.length === 0) await put('.sgconfrc.json', '{"remote": false}');
    const text = '{"name": "db", "bucket": "b", "enable_shared_bucket_access": true, "sync": "http://127.0.0.1:9/sync.js"}';
    await put('db.json', text);
    const { code, stdout } = await sgconf('build', 'db.json', '--out', 'out', '--format', 'json', ...flags);
    expect(code).toBe(1);
    const found = JSON.parse(stdout).results.find((r: { file: string }) => r.file === 'db.json').diagnostics.find((d: { rule: string }) => d.rule === 'convert/function-source');
    expect(found).toMatchObject({ severity: 'error', line: 1, column: text.indexOf('"http') + 1 });
    expect(found.message).toMatch(/names the URL http:\/\/127\.0\.0\.1:9\/sync\.js, which was not fetched: remote sources are turned off/);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow();
  });
});

describe('build: numbers', () => {
  it('a YAML number a double cannot hold is written as the source wrote it; 1.0e3 is the number 1000', async () => {
    await put('db.yaml', 'name: db\nbucket: b\nenable_shared_bucket_access: true\nrevs_limit: 1.0e3\ncompact_interval_days: 0.10000000000000000001\n');
    const { code, stdout } = await sgconf('build', 'db.yaml', '--out', 'out');
    expect(code, stdout).toBe(0);
    const written = await fs.readFile(path.join(dir, 'out/databases/db.json'), 'utf8');
    expect(written).toContain('"revs_limit": 1000,');
    expect(written).toContain('"compact_interval_days": 0.10000000000000000001\n');
  });

  it('writes out a YAML merge key: the merged fields, the ones written beside it winning', async () => {
    await put('db.yaml', [
      'name: db',
      'bucket: b',
      'enable_shared_bucket_access: true',
      'cache:',
      '  <<: &cache {channel_cache: {max_length: 10}, rev_cache: {size: 10}}',
      '  rev_cache: {size: 500}',
      '',
    ].join('\n'));
    const { code, stdout } = await sgconf('build', 'db.yaml', '--out', 'out');
    expect(code, stdout).toBe(0);
    const written = JSON.parse(await fs.readFile(path.join(dir, 'out/databases/db.json'), 'utf8'));
    expect(written.cache).toEqual({ channel_cache: { max_length: 10 }, rev_cache: { size: 500 } });
  });

  it('a JSON source keeps every number as written', async () => {
    await put('db.json', '{"name": "db", "bucket": "b", "enable_shared_bucket_access": true, "compact_interval_days": 1e-400, "revs_limit": 1000}');
    const { code, stdout } = await sgconf('build', 'db.json', '--out', 'out');
    expect(code, stdout).toBe(0);
    const written = await fs.readFile(path.join(dir, 'out/databases/db.json'), 'utf8');
    expect(written).toContain('"compact_interval_days": 1e-400,');
    expect(written).toContain('"revs_limit": 1000\n');
  });

  it('an integer field written 1.0e3 is refused as the gateway\'s decoder refuses it', async () => {
    await put('db.json', '{"name": "db", "bucket": "b", "enable_shared_bucket_access": true, "revs_limit": 1.0e3}');
    const { code, stdout } = await sgconf('build', 'db.json', '--out', 'out', '--format', 'json');
    expect(code).toBe(1);
    expect(JSON.parse(stdout).results[0].diagnostics).toContainEqual(expect.objectContaining({ rule: 'schema/type', pointer: '/revs_limit' }));
  });

  it('a YAML number with no JSON form (.nan) is refused where it stands, not written as null', async () => {
    await put('db.yaml', 'name: db\nbucket: b\nenable_shared_bucket_access: true\ncompact_interval_days: .nan\n');
    const { code, stdout } = await sgconf('build', 'db.yaml', '--out', 'out', '--format', 'json');
    expect(code).toBe(1);
    const found = JSON.parse(stdout).results[0].diagnostics.find((d: { rule: string }) => d.rule === 'convert/build-input');
    expect(found).toMatchObject({ line: 4, column: 24 });
    expect(found.message).toMatch(/\.nan has no exact JSON form/);
    await expect(fs.stat(path.join(dir, 'out'))).rejects.toThrow();
  });
});

describe('build on hostile YAML', () => {
  it.each([
    ['a duplicate key (the last wins, as lint says)', 'name: db\nbucket: b\nbucket: c\n', 0],
    ['more than 100 aliases', ['name: db', 'a: &a x', ...Array.from({ length: 150 }, (_, i) => `k${i}: *a`), ''].join('\n'), 1],
    ['an alias that names no anchor', 'name: db\nbucket: *nope\n', 1],
  ])('%s: a verdict, never a crash', async (_name, text, code) => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
    const os = await import('node:os');
    const pathModule = await import('node:path');
    const { main } = await import('../../src/cli/main.js');
    const dir = mkdtempSync(pathModule.join(os.tmpdir(), 'sgconf-build-yaml-'));
    writeFileSync(pathModule.join(dir, 'db.yaml'), text);
    let stdout = '';
    let stderr = '';
    const exit = await main(['build', 'db.yaml', '--out', 'out', '--format', 'json'], { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, cwd: dir, env: {}, isTTY: false });
    expect(stderr).toBe('');
    expect(exit).toBe(code);
    expect(JSON.parse(stdout).results[0].file).toBe('db.yaml');
    if (code === 0) expect(JSON.parse(readFileSync(pathModule.join(dir, 'out/databases/db.json'), 'utf8')).bucket).toBe('c');
  });
});

describe('build: the tool config\'s remoteTimeoutMs', () => {
  it('bounds a fetch from a server that never answers', async () => {
    const silent = await silentServer();
    try {
      const url = `${silent.base}/sync.js`;
      await put('.sgconfrc.json', JSON.stringify({ remoteTimeoutMs: 300, remoteHosts: ['127.0.0.1'] }));
      await put('sg.json', JSON.stringify({ name: 'db', bucket: 'b', enable_shared_bucket_access: true, sync: url }));
      const started = Date.now();
      const r = await sgconf('build', 'sg.json', '--out', 'out');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/timed out after 300 ms \(tool config remoteTimeoutMs\) waiting for 127\.0\.0\.1:\d+ to answer/);
    } finally {
      await silent.close();
    }
  });
});

describe('build with no path', () => {
  it('builds the files the tool config\'s "sources" name (a test file beside them aside); without sources it is misuse', async () => {
    await fs.mkdir(path.join(dir, 'config/databases'), { recursive: true });
    await put('config/databases/orders.yaml', 'name: orders\nbucket: orders\nsync: orders-sync.js\n');
    await put('config/databases/orders-sync.js', 'function (doc) { channel("orders-" + doc.owner); }\n');
    await put('config/databases/orders.sgtest.yaml', 'config: orders.yaml\ncases:\n  - name: x\n    doc: {owner: ann}\n    expect: {channels: [orders-ann]}\n');
    await put('notes.json', '{"not": "a source"}');
    expect((await sgconf('build', '--out', 'deploy')).code).toBe(2);
    await put('.sgconfrc.json', JSON.stringify({ sources: ['config/**'] }));
    const r = await sgconf('build', '--out', 'deploy');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await fs.readdir(path.join(dir, 'deploy/databases'))).toEqual(['orders.json']);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'deploy/databases/orders.json'), 'utf8')).sync).toContain('orders-');
    // --config names the tool config (one outside the folder too).
    await put('other.json', JSON.stringify({ sources: ['config/databases/*.yaml'] }));
    expect((await sgconf('build', '--out', 'deploy2', '--config', 'other.json')).code).toBe(0);
  });
});

describe('build and the tool config\'s ignore', () => {
  it('does not walk into what the tool config ignores, as lint does not check it', async () => {
    await fs.mkdir(path.join(dir, 'config/databases'), { recursive: true });
    await fs.mkdir(path.join(dir, 'legacy-archive/databases'), { recursive: true });
    await put('config/databases/orders.json', JSON.stringify({ name: 'orders', bucket: 'orders' }));
    await put('legacy-archive/databases/old.json', JSON.stringify({ name: 'old', bucket: 'old', revs_limit: 'twenty' }));
    const before = await sgconf('build', 'config', 'legacy-archive', '--out', 'deploy1');
    expect(before.code).toBe(1);
    await put('.sgconfrc.json', JSON.stringify({ ignore: ['legacy-archive/**'] }));
    const r = await sgconf('build', '.', '--out', 'deploy');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await fs.readdir(path.join(dir, 'deploy/databases'))).toEqual(['orders.json']);
  });
});

describe('a build inside the repository', () => {
  it('gives lint one verdict per finding: the source\'s, while the output holds what was built; an edited output, or one linted alone, is checked', async () => {
    await put('src/orders.yaml', 'name: orders\nbucket: orders\nimport_docs: continuous\n');
    const built = await sgconf('build', 'src', '--out', 'deploy');
    expect(built.code).toBe(0);
    expect(built.stdout).toContain('.sgconf-build.json');
    const findings = async (...paths: string[]) => {
      const r = await sgconf('lint', ...paths, '--format', 'json');
      const report = JSON.parse(r.stdout) as { results: { file: string; diagnostics: { rule: string }[] }[]; skipped?: { file: string; reason: string }[] };
      return { found: report.results.flatMap((f) => f.diagnostics.map((d) => `${f.file} ${d.rule}`)), skipped: (report.skipped ?? []).map((s) => `${s.file}: ${s.reason}`) };
    };
    const once = await findings('.');
    expect(once.found).toEqual([`${path.join('src', 'orders.yaml')} upgrade/removed-key`]);
    expect(once.skipped).toContain(`${path.join('deploy', 'databases', 'orders.json')}: built by sgconf build from ${path.join('src', 'orders.yaml')}, whose findings it has`);
    // The output alone (a deploy job checks what it ships) is checked.
    expect((await findings('deploy')).found).toEqual([`${path.join('deploy', 'databases', 'orders.json')} upgrade/removed-key`]);
    // An output edited since the build is checked like any config.
    const output = path.join(dir, 'deploy', 'databases', 'orders.json');
    await fs.writeFile(output, (await fs.readFile(output, 'utf8')).replace('"bucket": "orders"', '"bucket": "orders", "revs_limt": 5'));
    expect((await findings('.')).found).toEqual([
      `${path.join('deploy', 'databases', 'orders.json')} schema/unknown-field`,
      `${path.join('deploy', 'databases', 'orders.json')} upgrade/removed-key`,
      `${path.join('src', 'orders.yaml')} upgrade/removed-key`,
    ]);
  });
});
