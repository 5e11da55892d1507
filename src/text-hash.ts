// The key of a text in sgconf's caches: SHA-256 of its UTF-16 code units, so that no one can make two texts
// with one key (a cache on a CI runner outlives the pull requests it served: one must never choose the
// verdict another's text gets). Computed by src/sha256/, on the code units as they are, because node:crypto
// brings Node's streams with it: some 5 ms of every cold start that needs no other crypto (bench a). Past
// 256 Ki code units in one thread (a config of megabytes of functions), node:crypto's, several times
// faster, gives the same digests (nodeCryptoPast).
import { createRequire } from 'node:module';
import { sha256Utf16 } from './sha256/digest.js';

type NodeCrypto = typeof import('node:crypto');

/**
 * For a digest written here because loading node:crypto costs a start more than it saves on small inputs:
 * told the size of each input, gives null while this thread has digested at most `budget` in all, and
 * node:crypto (loaded once) from then on, whose digests are the same and far faster on large inputs.
 */
export function nodeCryptoPast(budget: number): (size: number) => NodeCrypto | null {
  let digested = 0;
  let loaded: NodeCrypto | null = null;
  return (size) => {
    if (!loaded && (digested += size) <= budget) return null;
    return (loaded ??= createRequire(import.meta.url)('node:crypto') as NodeCrypto);
  };
}

/** node:crypto past 256 Ki code units digested here, and for all of them in a Node without WebAssembly (--jitless). */
const cryptoFor = nodeCryptoPast(typeof WebAssembly === 'undefined' ? -1 : 256 * 1024);

/** SHA-256 of a text's UTF-16 code units, little-endian, lone surrogates as they are, as 64 hex digits. */
export function textDigest(text: string): string {
  const nodeCrypto = cryptoFor(text.length);
  return nodeCrypto ? nodeCrypto.createHash('sha256').update(text, 'utf16le').digest('hex') : sha256Utf16(text);
}
