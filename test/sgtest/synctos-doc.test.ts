// docs/synctos.md's "A whole migration": the files of the page, as written there (each fenced block names
// its path in its first line), run by sgconf test: the suite is green, and the difference between synctos'
// mock and the gateway is the one skipped case, with its reason.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const ROOT = path.resolve(__dirname, '../..');

describe('docs/synctos.md, a whole migration', () => {
  it('the page\'s suite runs as it says: every case passes but the one skipped with its reason', async () => {
    const page = readFileSync(path.join(ROOT, 'docs', 'synctos.md'), 'utf8');
    const section = page.slice(page.indexOf('## A whole migration'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-synctos-'));
    const blocks = [...section.matchAll(/```(?:js|yaml)\n(?:\/\/|#) (\S+)\n([\s\S]*?)\n```/g)];
    expect(blocks.map((b) => b[1])).toEqual(['build/sync-function.js', 'test/notes.sgtest.yaml']);
    for (const [, file, text] of blocks) {
      mkdirSync(path.dirname(path.join(dir, file!)), { recursive: true });
      writeFileSync(path.join(dir, file!), `${text}\n`);
    }
    const r = await runCli(['test', 'test'], { cwd: dir });
    expect(r.stdout).toContain('7 passed, 0 failed, 1 skipped');
    expect(r.code).toBe(0);
    expect(section).toContain('`7 passed, 0 failed, 1 skipped`');
    const json = JSON.parse((await runCli(['test', 'test', '--format', 'json'], { cwd: dir })).stdout);
    const skipped = json.results[0].cases.filter((c: { status: string }) => c.status === 'skipped');
    expect(skipped).toEqual([expect.objectContaining({ name: 'a note with two attachments is refused', skipped: expect.stringContaining('takes _attachments out of the body') })]);
  });
});
