// Integers in YAML past JavaScript's exact ones: `sgconf build` writes them as written, and Go's decoder
// reads them up to the 64 bits of their field, so lint judges them as it judges them in JSON.
import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/lint.js';

const lint = async (text: string) => (await lintText(text, 'sg.yaml', { kind: 'bootstrap', env: {}, remote: false })).diagnostics.map((d) => `${d.rule} ${d.line}:${d.column} ${d.message}`);

describe('YAML integers past 2^53', () => {
  it('refuses one past its field\'s 64 bits, at the number', async () => {
    expect(await lint('bootstrap:\n  server: couchbases://cb\nmax_file_descriptors: 18446744073709551616\n')).toEqual([
      'schema/type 3:23 "max_file_descriptors" is 18446744073709551616, beyond the range of a 64-bit unsigned integer',
    ]);
    expect(await lint('bootstrap:\n  server: couchbases://cb\nreplicator:\n  max_concurrent_replications: +9223372036854775808\n')).toEqual([
      'schema/type 4:32 "max_concurrent_replications" is 9223372036854775808, beyond the range of a 64-bit integer',
    ]);
  });

  it('accepts one that fits, and leaves YAML\'s other number forms to the schema', async () => {
    expect(await lint('bootstrap:\n  server: couchbases://cb\nmax_file_descriptors: 18446744073709551615\nreplicator:\n  max_concurrent_replications: 1e3\n')).toEqual([]);
  });
});
