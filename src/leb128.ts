// LEB128, the variable-length integers of WebAssembly's binary format (the core spec, section 5.2.2), for
// the modules sgconf writes (src/sha256/assembly.ts) and reads (src/otto/compilation-hints.ts).

/** An unsigned integer (below 2^32) as LEB128 bytes. */
export function unsignedLeb128(value: number): number[] {
  const bytes: number[] = [];
  do {
    const low = value & 0x7f;
    value >>>= 7;
    bytes.push(value === 0 ? low : low | 0x80);
  } while (value !== 0);
  return bytes;
}

/** The unsigned LEB128 integer at `at`, and where the bytes after it start; throws at the bytes' end. */
export function readUnsignedLeb128(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    if (byte === undefined) throw new Error('the module ends inside a number');
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return { value, next: at };
  }
}
