// convert --in-place killed at random points (SIGKILL, 200 seeded runs): after each, the original or its
// byte-identical backup is in place, and no half-written file stands under a final name.
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function convertKilledAfter(dir: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SGCONF, 'convert', 'sync_gateway.json', '--in-place'], { cwd: dir, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
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

describe('convert --in-place under SIGKILL', () => {
  it('never loses the original and never leaves a half-written file under a final name (200 seeded runs)', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'sgconf-kill-'));
    // How long one whole run takes here: the kills are spread over it (and a little past its end).
    const probe = path.join(base, 'probe');
    spawnSync('mkdir', [probe]);
    writeFileSync(path.join(probe, 'sync_gateway.json'), ORIGINAL);
    const started = Date.now();
    const full = spawnSync(process.execPath, [SGCONF, 'convert', 'sync_gateway.json', '--in-place'], { cwd: probe, encoding: 'utf8' });
    const runMs = Date.now() - started;
    expect(full.status, full.stdout + full.stderr).toBe(0);

    const next = random(20261124);
    const outcomes = { untouched: 0, converted: 0 };
    for (let run = 0; run < 200; run++) {
      const dir = path.join(base, `run${run}`);
      spawnSync('mkdir', [dir]);
      writeFileSync(path.join(dir, 'sync_gateway.json'), ORIGINAL);
      await convertKilledAfter(dir, Math.floor(next() * runMs * 1.2));
      const current = readFileSync(path.join(dir, 'sync_gateway.json'), 'utf8');
      const backups = readdirSync(dir).filter((f) => f.startsWith('sync_gateway-backup-'));
      if (current === ORIGINAL) {
        outcomes.untouched++;
      } else {
        // Replaced: by the complete bootstrap config, and the backup holds the original byte for byte.
        expect(JSON.parse(current), `run ${run}`).toHaveProperty('bootstrap');
        expect(backups, `run ${run}`).toHaveLength(1);
        expect(readFileSync(path.join(dir, backups[0]!), 'utf8'), `run ${run}`).toBe(ORIGINAL);
        outcomes.converted++;
      }
      for (const file of finalFiles(dir)) expect(() => JSON.parse(readFileSync(path.join(dir, file), 'utf8')), `run ${run}: ${file}`).not.toThrow();
      for (const backup of backups) expect(readFileSync(path.join(dir, backup), 'utf8'), `run ${run}: ${backup}`).toBe(ORIGINAL);
      rmSync(dir, { recursive: true, force: true });
    }
    // The kills landed both before and after the replacement.
    expect(outcomes.untouched).toBeGreaterThan(0);
    expect(outcomes.converted).toBeGreaterThan(0);
    expect(existsSync(base)).toBe(true);
  }, 300_000);

  it('a full disk (a file size limit) gives a diagnostic and leaves nothing under a final name', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-full-'));
    const big = JSON.parse(ORIGINAL);
    for (const db of Object.values(big.databases) as Record<string, unknown>[]) db.sync = `function (doc) { ${'channel(doc.x); '.repeat(400)}}`;
    writeFileSync(path.join(dir, 'sync_gateway.json'), JSON.stringify(big));
    // bash counts ulimit -f in 1024-byte blocks: 2 KB per file is less than one database config here.
    const r = spawnSync('bash', ['-c', `ulimit -f 2; exec "${process.execPath}" "${SGCONF}" convert sync_gateway.json --out out --format json`], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/sgconf convert: nothing was written: .*(EFBIG|too large)/i);
    const left = existsSync(path.join(dir, 'out')) ? finalFiles(path.join(dir, 'out')) : [];
    expect(left).toEqual([]);
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
      expect(finalFiles(out)).toEqual([]);
      expect(readFileSync(path.join(dir, 'sync_gateway.json'), 'utf8')).toBe(ORIGINAL);
    } finally {
      spawnSync('umount', [out]);
    }
  });
});
