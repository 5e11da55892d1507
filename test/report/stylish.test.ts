// The stylish code frame on a long line (a minified config): a window around the column, the caret under it.
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/report/index.js';
import { lintText } from '../../src/lint.js';

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
