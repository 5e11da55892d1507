// convert --in-place killed at random points (SIGKILL, 200 seeded runs): after each, the original or its
// byte-identical backup is in place, and no half-written file stands under a final name.
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SGCONF = path.join(ROOT, 'bin/sgconf.js');
const ORIGINAL = JSON.stringify({
  interface: ':4984',
  databases: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`db${i}`, {
    server: 'couchbases://cb', bucket: `b${i}`, username: 'sg', password: 'pw', enable_shared_bucket_access: true,
    users: { [`u${i}`]: { password: 'upw', admin_channels: ['a'] } },
  }])),
}, null, 2);

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `convert --in-place` in `dir` and kills it (SIGKILL) `microseconds` after the spawn. */
function convertKilledAfter(dir: string, microseconds: number): Promise<void> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    // Started as a program (its shell line execs Node with the launcher's flags): the kill hits the process that writes.
    const child = spawn(SGCONF, ['convert', 'sync_gateway.json', '--in-place'], { cwd: dir, stdio: 'ignore' });
    const deadline = started + BigInt(Math.round(microseconds * 1000));
    // setTimeout has millisecond steps: sleep to just before the moment, then wait out the last microseconds.
    const timer = setTimeout(() => {
      while (process.hrtime.bigint() < deadline) { /* the last fraction of a millisecond */ }
      child.kill('SIGKILL');
    }, Math.max(0, Math.floor(microseconds / 1000) - 1));
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Every file under a final name parses whole (temporary names start with "." and end in ".tmp"). */
function finalFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.json') && !path.basename(f).startsWith('.'));
}

function timeRun(dir: string, ...args: string[]): number {
  writeFileSync(path.join(dir, 'sync_gateway.json'), ORIGINAL);
  const started = process.hrtime.bigint();
  const r = spawnSync(SGCONF, ['convert', 'sync_gateway.json', ...args], { cwd: dir, encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return Number(process.hrtime.bigint() - started) / 1000;
}

describe('convert --in-place under SIGKILL', () => {
  it('never loses the original and never leaves a half-written file under a final name (200 seeded runs)', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'sgconf-kill-'));
    // How long a run takes here, and how long one that writes nothing (--dry-run): the writing happens
    // between the two. Half the kills are spread over the whole run and a little past its end, half over
    // the writing, at microsecond steps.
    const probe = path.join(base, 'probe');
    mkdirSync(probe);
    const dryUs = Math.min(...[0, 1].map(() => timeRun(probe, '--dry-run')));
    const fullUs = Math.max(...[0, 1].map(() => { rmSync(probe, { recursive: true }); mkdirSync(probe); return timeRun(probe, '--in-place'); }));
    const writeFrom = Math.min(dryUs, fullUs) * 0.8;

    const next = random(20261124);
    const outcomes = { untouched: 0, killedWhileWriting: 0, converted: 0 };
    for (let run = 0; run < 200; run++) {
      const dir = path.join(base, `run${run}`);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'sync_gateway.json'), ORIGINAL);
      const delay = run % 2 === 0 ? next() * fullUs * 1.2 : writeFrom + next() * (fullUs * 1.2 - writeFrom);
      await convertKilledAfter(dir, delay);
      const current = readFileSync(path.join(dir, 'sync_gateway.json'), 'utf8');
      const backups = readdirSync(dir).filter((f) => f.startsWith('sync_gateway-backup-'));
      if (current === ORIGINAL) {
        if (readdirSync(dir).length > 1) outcomes.killedWhileWriting++;
        else outcomes.untouched++;
      } else {
        // Replaced: by the complete bootstrap config, the backup holds the original byte for byte, and
        // every other output stands whole beside it (the replacement is the last step).
        expect(JSON.parse(current), `run ${run}`).toHaveProperty('bootstrap');
        expect(backups, `run ${run}`).toHaveLength(1);
        expect(readFileSync(path.join(dir, backups[0]!), 'utf8'), `run ${run}`).toBe(ORIGINAL);
        expect(finalFiles(dir).filter((f) => f.startsWith('databases')), `run ${run}`).toHaveLength(20);
        outcomes.converted++;
      }
      for (const file of finalFiles(dir)) expect(() => JSON.parse(readFileSync(path.join(dir, file), 'utf8')), `run ${run}: ${file}`).not.toThrow();
      expect(backups.length, `run ${run}`).toBeLessThanOrEqual(1);
      for (const backup of backups) expect(readFileSync(path.join(dir, backup), 'utf8'), `run ${run}: ${backup}`).toBe(ORIGINAL);
      rmSync(dir, { recursive: true, force: true });
    }
    // The kills landed before anything was written, while writing, and after the replacement.
    expect(outcomes.untouched, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.killedWhileWriting, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.converted, JSON.stringify(outcomes)).toBeGreaterThan(0);
    rmSync(base, { recursive: true, force: true });
    // 200 processes: on a loaded machine a run takes several times its idle time (the kill points scale with it).
  }, 600_000);

  it('a full disk (a file size limit) gives a diagnostic and leaves nothing under a final name', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-full-'));
    const big = JSON.parse(ORIGINAL);
    for (const db of Object.values(big.databases) as Record<string, unknown>[]) db.sync = `function (doc) { ${'channel(doc.x); '.repeat(400)}}`;
    writeFileSync(path.join(dir, 'sync_gateway.json'), JSON.stringify(big));
    // bash counts ulimit -f in 1024-byte blocks: 2 KB per file is less than one database config here.
    const r = spawnSync('bash', ['-c', `ulimit -f 2; exec "${process.execPath}" "${SGCONF}" convert sync_gateway.json --out out --format json`], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/sgconf convert: nothing was written: .*(EFBIG|too large)/i);
    // Nothing at all: not under a final name, not under a temporary one, not the folder it created.
    expect(readdirSync(dir)).toEqual(['sync_gateway.json']);
  });

  // Real file systems: a read-only mount and a tiny one that fills up (tmpfs; the machines run as root).
  it.each([
    ['a read-only output folder', 'ro,size=1m', /read-only file system|EROFS/i],
    ['a disk that fills up', 'size=12k', /no space left|ENOSPC/i],
  ])('%s: a diagnostic, and nothing left under a final name', (_name, mountOptions, reason) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-mount-'));
    const out = path.join(dir, 'out');
    spawnSync('mkdir', [out]);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', mountOptions, 'tmpfs', out], { encoding: 'utf8' });
    expect(mounted.status, `mount needs root: ${mounted.stderr}`).toBe(0);
    try {
      writeFileSync(path.join(dir, 'sync_gateway.json'), ORIGINAL);
      const r = spawnSync(process.execPath, [SGCONF, 'convert', 'sync_gateway.json', '--out', 'out'], { cwd: dir, encoding: 'utf8' });
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr).toMatch(/^sgconf convert: nothing was written/);
      expect(r.stderr).toMatch(reason);
      expect(readdirSync(out, { recursive: true })).toEqual([]);
      expect(readFileSync(path.join(dir, 'sync_gateway.json'), 'utf8')).toBe(ORIGINAL);
    } finally {
      spawnSync('umount', [out]);
    }
  });

  it.each([
    ['a disk that fills up', 'size=32k', /no space left|ENOSPC/i],
    ['a file size limit', 'size=1m', /EFBIG|too large/i],
  ])('--in-place on %s: a diagnostic, the original untouched, nothing else left', (name, mountOptions, reason) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-mount-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', mountOptions, 'tmpfs', dir], { encoding: 'utf8' });
    expect(mounted.status, `mount needs root: ${mounted.stderr}`).toBe(0);
    try {
      writeFileSync(path.join(dir, 'sync_gateway.json'), ORIGINAL);
      const limit = name === 'a file size limit' ? 'ulimit -f 2; ' : '';
      const r = spawnSync('bash', ['-c', `${limit}exec "${process.execPath}" "${SGCONF}" convert sync_gateway.json --in-place`], { cwd: dir, encoding: 'utf8' });
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr).toMatch(/^sgconf convert: nothing was changed/);
      expect(r.stderr).toMatch(reason);
      expect(readdirSync(dir)).toEqual(['sync_gateway.json']);
      expect(readFileSync(path.join(dir, 'sync_gateway.json'), 'utf8')).toBe(ORIGINAL);
    } finally {
      spawnSync('umount', [dir]);
    }
  });
});

describe('symbolic links under the output folder', () => {
  const small = JSON.stringify({ databases: { db: { server: 'couchbases://cb', bucket: 'b', username: 'sg', password: 'pw', enable_shared_bucket_access: true, users: { u: { password: 'upw' } } } } });

  it('--force replaces links to files (and dangling links) by the new files; what they pointed at is never written', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-links-'));
    writeFileSync(path.join(dir, 'sync_gateway.json'), small);
    writeFileSync(path.join(dir, 'victim.txt'), 'VICTIM');
    mkdirSync(path.join(dir, 'out/databases'), { recursive: true });
    symlinkSync('../victim.txt', path.join(dir, 'out/bootstrap.json'));
    symlinkSync('../../victim.txt', path.join(dir, 'out/databases/db.json'));
    mkdirSync(path.join(dir, 'out/principals'));
    symlinkSync('../../created-through-link.json', path.join(dir, 'out/principals/db.json'));
    const r = spawnSync(process.execPath, [SGCONF, 'convert', 'sync_gateway.json', '--out', 'out', '--force'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'victim.txt'), 'utf8')).toBe('VICTIM');
    expect(existsSync(path.join(dir, 'created-through-link.json'))).toBe(false);
    for (const file of ['bootstrap.json', 'databases/db.json', 'principals/db.json']) {
      expect(lstatSync(path.join(dir, 'out', file)).isFile(), file).toBe(true);
      expect(() => JSON.parse(readFileSync(path.join(dir, 'out', file), 'utf8')), file).not.toThrow();
    }
  });

  it('without --force a link under a final name is refused like any existing file, and nothing is written', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-links-'));
    writeFileSync(path.join(dir, 'sync_gateway.json'), small);
    mkdirSync(path.join(dir, 'databases'));
    symlinkSync('../elsewhere.json', path.join(dir, 'databases/db.json'));
    const r = spawnSync(process.execPath, [SGCONF, 'convert', 'sync_gateway.json', '--in-place'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/databases\/db\.json already exists; pass --force to overwrite it/);
    expect(readFileSync(path.join(dir, 'sync_gateway.json'), 'utf8')).toBe(small);
    expect(existsSync(path.join(dir, 'elsewhere.json'))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['databases', 'sync_gateway.json']);
  });

  it('an output folder that is a link (databases/ -> another folder) is refused, with --force too', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-links-'));
    writeFileSync(path.join(dir, 'sync_gateway.json'), small);
    mkdirSync(path.join(dir, 'other'));
    writeFileSync(path.join(dir, 'other/db.json'), 'KEEP');
    mkdirSync(path.join(dir, 'out'));
    symlinkSync('../other', path.join(dir, 'out/databases'));
    const r = spawnSync(process.execPath, [SGCONF, 'convert', 'sync_gateway.json', '--out', 'out', '--force'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/databases is a symbolic link: sgconf does not write through links/);
    expect(readdirSync(path.join(dir, 'other'))).toEqual(['db.json']);
    expect(readFileSync(path.join(dir, 'other/db.json'), 'utf8')).toBe('KEEP');
    expect(readdirSync(path.join(dir, 'out'))).toEqual(['databases']);
  });
});
