// lcov.info as a real consumer reads it: genhtml (Debian's lcov, which .ci/run installs) turns the
// coverage of the example's tests into its HTML report, branches included, with no complaint, and its
// figures are sgconf's.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

describe('genhtml reads sgconf test --coverage\'s lcov.info', () => {
  it('the example\'s coverage becomes an HTML report with the same line and branch counts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-genhtml-'));
    cpSync(path.join(ROOT, 'examples', 'testing'), dir, { recursive: true });
    const test = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'sgconf.js'), 'test', '--coverage'], { cwd: dir, encoding: 'utf8' });
    expect(test.status, test.stderr).toBe(0);
    const lcov = readFileSync(path.join(dir, 'coverage', 'lcov.info'), 'utf8');
    const count = (field: string) => [...lcov.matchAll(new RegExp(`^${field}:(\\d+)$`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0);

    const html = spawnSync('genhtml', ['--branch-coverage', '--output-directory', 'html', 'coverage/lcov.info'], { cwd: dir, encoding: 'utf8' });
    expect(html.status, html.stdout + html.stderr).toBe(0);
    expect(html.stderr).not.toMatch(/warning|error/i);
    expect(html.stdout).toContain(`lines......: ${((100 * count('LH')) / count('LF')).toFixed(1)}% (${count('LH')} of ${count('LF')} lines)`);
    expect(html.stdout).toContain(`branches...: ${((100 * count('BRH')) / count('BRF')).toFixed(1)}% (${count('BRH')} of ${count('BRF')} branches)`);
    // One page per source file, its lines shown with their counts.
    expect(html.stdout).toContain(`Processing file ${path.basename(dir)}/orders.json`);
    const page = readFileSync(path.join(dir, 'html', path.basename(dir), 'orders.json.gcov.html'), 'utf8');
    expect(page).toContain('requireRole');
  });
});
