// SHA-256 run by the WebAssembly module of src/sha256/ (textDigest's below 256 Ki code units a thread).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderModuleFile, sha256ModuleBytes } from '../src/sha256/assembly.js';
import { sha256Utf16 } from '../src/sha256/digest.js';

describe('sha256Utf16 against node:crypto', () => {
  it('equals SHA-256 of the UTF-16LE bytes for every length around the block edges and random units', () => {
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16;
    for (let length = 0; length < 200; length++) {
      const text = String.fromCharCode(...Array.from({ length }, () => random()));
      expect(sha256Utf16(text), `length ${length}`).toBe(createHash('sha256').update(text, 'utf16le').digest('hex'));
    }
    const large = 'function (doc) { channel(doc.c); }\n'.repeat(30_000);
    expect(sha256Utf16(large)).toBe(createHash('sha256').update(large, 'utf16le').digest('hex'));
    // After the module's memory grew for the large text: a short one again, from the initial state.
    expect(sha256Utf16('ab')).toBe(createHash('sha256').update('ab', 'utf16le').digest('hex'));
  });
});

describe('the module\'s bytes', () => {
  it('are the ones its instructions make (src/sha256/assembly.ts): run `node scripts/sha256-module.mjs` after `npm run build` if not', () => {
    const committed = readFileSync(new URL('../src/sha256/module.generated.ts', import.meta.url), 'utf8');
    expect(committed).toBe(renderModuleFile(sha256ModuleBytes()));
  });
});
