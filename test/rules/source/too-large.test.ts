// Only regular files are read, each with a size cap: no device, FIFO or huge file can block the run
// or exhaust memory (source/too-large, and the messages of source/unreadable, functions/load-failed and
// certs/file-unreadable for the other readers).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lintPaths } from '../../../src/files.js';
import { formatReport } from '../../../src/report/index.js';

function folder(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'sgconf-large-'));
}

describe('source/too-large and special files', () => {
  it('a 65 MiB config is not read', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'huge.json'), '{}');
    truncateSync(path.join(dir, 'huge.json'), 65 * 1024 * 1024);
    const report = await lintPaths(['huge.json'], { cwd: dir, env: {}, remote: false });
    expect(report.results[0]!.diagnostics).toEqual([expect.objectContaining({ rule: 'source/too-large', message: expect.stringContaining('more than the 64 MiB') })]);
  });

  it('/dev/zero and a FIFO named as configs are not regular files: reported, not read', async () => {
    const dir = folder();
    execFileSync('mkfifo', [path.join(dir, 'pipe.json')]);
    const report = await lintPaths(['/dev/zero', 'pipe.json'], { cwd: dir, env: {}, remote: false });
    for (const r of report.results) expect(r.diagnostics).toEqual([expect.objectContaining({ rule: 'source/unreadable', message: expect.stringContaining('not a regular file') })]);
  });

  it('a function or a certificate named as /dev/zero or a FIFO is reported, not read', async () => {
    const dir = folder();
    execFileSync('mkfifo', [path.join(dir, 'sync.fifo')]);
    writeFileSync(path.join(dir, 'sg.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, sync: path.join(dir, 'sync.fifo'), import_filter: '/dev/zero', certpath: '/dev/zero', keypath: path.join(dir, 'sync.fifo') } } }));
    const diagnostics = (await lintPaths(['sg.json'], { cwd: dir, env: {}, remote: false })).results[0]!.diagnostics;
    expect(diagnostics.filter((d) => d.rule === 'functions/load-failed').map((d) => d.pointer).sort()).toEqual(['/databases/db/import_filter', '/databases/db/sync']);
    expect(diagnostics.filter((d) => d.rule === 'certs/file-unreadable').map((d) => d.message).join()).toContain('not a regular file');
  });

  it('a file that is not JavaScript named as a function source: no line of it is shown', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'sg.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb', enable_shared_bucket_access: true, sync: '/proc/self/environ' } } }));
    const report = await lintPaths(['sg.json'], { cwd: dir, remote: false, env: {} });
    const text = await formatReport(report, 'stylish', { cwd: dir, color: false, readSource: (f) => { try { return require('node:fs').readFileSync(path.resolve(dir, f), 'utf8'); } catch { return null; } } });
    expect(text).toContain('/proc/self/environ');
    expect(text).not.toContain('PATH=');
  });
});
