// sgconf plan for the 1.x upgrades of the seed: lint judges the config at the oldest release it knows
// (--target takes 2.8 and later only), and the runbook has the 1.4 to 1.5 view pre-build.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

describe('plan --from 1.4 --to 1.5', () => {
  it('prints the runbook with the view pre-build (role_access_vbseq, full_set=true, stale=false, a dev_ design document)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-plan-1x-'));
    writeFileSync(path.join(dir, 'sync_gateway.json'), JSON.stringify({ databases: { db: { server: 'http://cb:8091', bucket: 'db', sync: 'function (doc) { channel(doc.channels); }' } } }));
    const r = await runCli(['plan', 'sync_gateway.json', '--from', '1.4', '--to', '1.5'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# Upgrade runbook: Sync Gateway 1\.4 → 1\.5/);
    expect(r.stdout).toContain('## 3. Pre-build the 1.5 view index before upgrading any node');
    expect(r.stdout).toContain('_design/dev_sync_gateway/_view/role_access_vbseq?full_set=true&stale=false');
  });
});
