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
    ['latin1.json', /not valid UTF-8/],
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
});
