// scripts/build-stamp.mjs: `prepare` skips a build only when dist/ holds the stamp of the inputs as they
// are now (npm runs prepare twice when pre-commit installs the hook), and a build that stops half-way
// leaves no stamp. Run on a copy of the script in a small tree of its own.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../scripts/build-stamp.mjs');

describe('the build stamp', () => {
  it('is fresh after a build of the same inputs, stale after a change of any, and gone once a build starts', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sgconf-build-stamp-'));
    for (const dir of ['scripts', 'src', 'dist', 'engine/wasm']) mkdirSync(path.join(root, dir), { recursive: true });
    copyFileSync(SCRIPT, path.join(root, 'scripts', 'build-stamp.mjs'));
    writeFileSync(path.join(root, 'package.json'), '{}');
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'engine', 'wasm', 'otto.wasm'), 'x');
    const stamp = (mode: string) => spawnSync(process.execPath, [path.join(root, 'scripts', 'build-stamp.mjs'), mode]).status;
    expect(stamp('--fresh')).toBe(1);
    expect(stamp('--write')).toBe(0);
    expect(stamp('--fresh')).toBe(0);
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 2;\n');
    expect(stamp('--fresh')).toBe(1);
    expect(stamp('--write')).toBe(0);
    writeFileSync(path.join(root, 'src', 'b.ts'), '');
    expect(stamp('--fresh')).toBe(1);
    expect(stamp('--write')).toBe(0);
    writeFileSync(path.join(root, 'engine', 'wasm', 'otto.wasm'), 'y');
    expect(stamp('--fresh')).toBe(1);
    expect(stamp('--write')).toBe(0);
    expect(stamp('--clear')).toBe(0);
    expect(stamp('--fresh')).toBe(1);
    expect(stamp('--nonsense')).toBe(2);
  });
});
