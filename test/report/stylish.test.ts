// The stylish code frame on a long line (a minified config): a window around the column, the caret under it;
// the summary's count of what --fix could take on.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/report/index.js';
import { lintText } from '../../src/lint.js';
import { runCli } from '../helpers/cli.js';

describe('stylish code frame', () => {
  it('shows a window of a long line around the finding, with the caret under the key', async () => {
    const text = `{"name": "db", "bucket": "b", "cache": {"rev_cache": {"size": 1}}, "padding_is_not_a_field": ${JSON.stringify('x'.repeat(5000))}, "revs_limt": 1}`;
    const result = await lintText(text, 'db.json', { env: {}, remote: false });
    const report = { target: '4.1', errorCount: 2, warningCount: 0, results: [{ ...result, diagnostics: result.diagnostics.filter((d) => d.pointer === '/revs_limt') }] };
    const out = await formatReport(report, 'stylish', { cwd: '/', color: false, readSource: () => text });
    const [, , , frameLine, caretLine] = out.split('\n');
    expect(frameLine!.length).toBeLessThan(200);
    expect(caretLine!.length).toBeLessThan(200);
    const caret = caretLine!.indexOf('^');
    expect(frameLine!.slice(caret, caret + 11)).toBe('"revs_limt"');
  });
});

describe('stylish summary', () => {
  it('counts the findings --fix could take on, in a run without --fix only', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stylish-fixable-'));
    // Two fixable (the alias and the deprecated field), one not (the unknown key).
    writeFileSync(path.join(dir, 'db.json'), '{"bucket": "b", "import_docs": "continuous", "num_index_replicas": 0, "revs_limt": 5}\n');
    const linted = await runCli(['lint', 'db.json', '--target', '3.3'], { cwd: dir });
    expect(linted.stdout).toContain('\n  2 of 3 potentially fixable with --fix (--fix-dry-run shows the changes)\n');
    const fixed = await runCli(['lint', 'db.json', '--target', '3.3', '--fix'], { cwd: dir });
    expect(fixed.stdout).toContain('1 problem (1 error');
    expect(fixed.stdout).not.toContain('potentially fixable');
    writeFileSync(path.join(dir, 'db.json'), '{"bucket": "b", "revs_limt": 5}\n');
    expect((await runCli(['lint', 'db.json'], { cwd: dir })).stdout).not.toContain('potentially fixable');
  });
});
