// sgconf test --watch as a user runs it (a real process, the real file system): a change to a config runs
// again the test files that name it, a change to a function file the ones whose config names it, a new test
// file runs, and an interrupt ends it with the exit status of the latest results.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

describe('sgconf test --watch', () => {
  it('runs again what a change touches, and only that', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-watch-'));
    writeFileSync(path.join(dir, 'sync.js'), 'function (doc) { channel("a"); }');
    writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ databases: { db: { server: 'couchbases://cb.example.com', bucket: 'a', enable_shared_bucket_access: true, sync: 'sync.js' } } }));
    writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ name: 'b', bucket: 'b', sync: 'function (doc) { channel("b"); }' }));
    writeFileSync(path.join(dir, 'a.sgtest.yaml'), 'config: a.json\ncases:\n  - {name: a, doc: {}, expect: {channels: [a]}}\n');
    writeFileSync(path.join(dir, 'b.sgtest.yaml'), 'config: b.json\ncases:\n  - {name: b, doc: {}, expect: {channels: [b]}}\n');

    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'sgconf.js'), 'test', '--watch'], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const waitFor = async (text: string, from: number) => {
      const deadline = Date.now() + 30_000;
      while (!stdout.slice(from).includes(text)) {
        if (Date.now() > deadline) throw new Error(`no "${text}" in: ${stdout} (stderr: ${stderr})`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return stdout.indexOf(text, from) + text.length;
    };
    try {
      let at = await waitFor('2 passed, 0 failed', 0);
      while (!stderr.includes('watching 1 folder')) await new Promise((r) => setTimeout(r, 20));
      // The function file a config names: only a.sgtest.yaml runs again, and now fails.
      writeFileSync(path.join(dir, 'sync.js'), 'function (doc) { channel("x"); }');
      at = await waitFor('0 passed, 1 failed', at);
      expect(stdout).toContain('sync.js changed: 1 test file run again');
      // A config, written as sed -i and some editors write (a temporary file renamed over it): only its test
      // file runs, and the run names the config alone.
      writeFileSync(path.join(dir, 'b.json.tmp1234'), JSON.stringify({ name: 'b', bucket: 'b', sync: 'function (doc) { channel("b", "c"); }' }));
      renameSync(path.join(dir, 'b.json.tmp1234'), path.join(dir, 'b.json'));
      at = await waitFor('\n--- b.json changed: 1 test file run again', at);
      await waitFor('0 passed, 1 failed', at);
      // A new test file runs.
      writeFileSync(path.join(dir, 'c.sgtest.yaml'), 'config: b.json\ncases:\n  - {name: c, doc: {}, expect: {channels: {includes: [c]}}}\n');
      await waitFor('1 passed, 0 failed', at);
    } finally {
      child.kill('SIGTERM');
    }
    // The latest results have failures: the run ends with 1.
    expect(await exited).toBe(1);
  }, 60_000);
});
