// convert/env-reference: a bare environment reference kept in an output, or a reference in a principals file.
import { describe, expect, it } from 'vitest';
import { parseDialect } from '../../../src/convert/dialect.js';
import { findings } from './helpers.js';

// The references are meant as references (the environment-references decision; 2.8 would read them as text).
function run(text: string) {
  const parsed = parseDialect(text, null);
  return findings(parsed.value, 'convert/env-reference', { bareReferences: parsed.bareReferences, decisions: new Map([['environment-references', 'references']]) });
}

describe('convert/env-reference', () => {
  it('a bare reference in a number position is an info', () => {
    const found = run('{ "MaxFileDescriptors": $MAX_FD, "databases": { "db": { "server": "couchbases://cb1" } } }');
    expect(found.map((d) => `${d.severity} ${d.pointer}`)).toEqual(['info /MaxFileDescriptors']);
  });
  it('a reference in a principals file is a warning', () => {
    const found = run('{ "databases": { "db": { "server": "couchbases://cb1", "users": { "ann": { "password": "${ANN_PW}" } } } } }');
    expect(found.map((d) => d.severity)).toEqual(['warning']);
  });
  it('references inside strings of configs need nothing', () => {
    expect(run('{ "databases": { "db": { "server": "couchbases://${CB_HOST}", "password": "$PW" } } }')).toEqual([]);
  });
});
