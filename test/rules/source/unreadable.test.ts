import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lintPaths } from '../../../src/files.js';

describe('source/unreadable', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-unreadable-'));
  writeFileSync(path.join(dir, 'ok.json'), '{"bucket": "b"}');
  writeFileSync(path.join(dir, 'latin1.json'), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
  writeFileSync(path.join(dir, 'nul.json'), Buffer.from([0x7b, 0x00, 0x7d]));
  mkdirSync(path.join(dir, 'folder.json'));
  const utf16 = '{"bucket": "b", "name": "caf\u00e9"}';
  writeFileSync(path.join(dir, 'utf16le-bom.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]));
  writeFileSync(path.join(dir, 'utf16le.json'), Buffer.from(utf16, 'utf16le'));
  writeFileSync(path.join(dir, 'utf16be-bom.json'), Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16, 'utf16le').swap16()]));
  const cases: [string, RegExp | null][] = [
    ['ok.json', null],
    ['missing.json', /no such file/],
    ['latin1.json', /^byte 0xE9 is not UTF-8: save the file as UTF-8$/],
    ['nul.json', /binary/],
    ['utf16le-bom.json', /the file is UTF-16LE text; the gateway reads UTF-8 only/],
    ['utf16le.json', /the file is UTF-16LE text/],
    ['utf16be-bom.json', /the file is UTF-16BE text/],
  ];
  it.each(cases)('%s', async (file, message) => {
    const report = await lintPaths([file], { cwd: dir, env: {}, remote: false });
    const found = report.results[0]!.diagnostics.filter((d) => d.rule === 'source/unreadable');
    if (message === null) expect(found).toEqual([]);
    else {
      expect(found).toHaveLength(1);
      expect(found[0]!.message).toMatch(message);
      expect(found[0]!.severity).toBe('error');
    }
  });

  it.each([
    ['a Latin-1 letter in a string', Buffer.from('{\n  "name": "caf\u00e9"\n}', 'latin1'), 'E9', 2, 15],
    ['after UTF-8 letters (columns count characters)', Buffer.concat([Buffer.from('{"n\u00e9\u00e9": "'), Buffer.from([0xff]), Buffer.from('"}')]), 'FF', 1, 10],
    ['a sequence cut short', Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xe2, 0x82, 0x41]), Buffer.from('"}')]), 'E2', 1, 8],
    ['a surrogate encoded as UTF-8 (CESU-8)', Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), 'ED', 1, 8],
    ['an overlong form', Buffer.concat([Buffer.from('{"a": "'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]), 'C0', 1, 8],
    ['after a byte order mark (columns count from after it)', Buffer.concat([Buffer.from('\ufeff{"a": "'), Buffer.from([0xe9]), Buffer.from('"}')]), 'E9', 1, 8],
  ])('not UTF-8, %s: said at the first byte that is not', async (_, bytes, hex, line, column) => {
    writeFileSync(path.join(dir, 'bytes.json'), bytes);
    const report = await lintPaths(['bytes.json'], { cwd: dir, env: {}, remote: false });
    expect(report.results[0]!.diagnostics).toEqual([expect.objectContaining({ rule: 'source/unreadable', message: `byte 0x${hex} is not UTF-8: save the file as UTF-8`, line, column, endLine: line, endColumn: column + 1 })]);
  });
});
