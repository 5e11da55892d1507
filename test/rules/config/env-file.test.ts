// config/env-file: the dotenv reader, as a table of valid and invalid env files.
import { describe, expect, it } from 'vitest';
import { deploymentEnvironment, parseEnvFile } from '../../../src/config/env-file.js';

describe('config/env-file', () => {
  const valid: [string, Record<string, string>][] = [
    ['A=1\nB=two words\n', { A: '1', B: 'two words' }],
    ['# comment\n\nexport C=3\r\nD = spaced # trailing comment\n', { C: '3', D: 'spaced' }],
    ['E="a \\"quoted\\" \\n line"\nF=\'$LITERAL \\n\'\n', { E: 'a "quoted" \n line', F: '$LITERAL \\n' }],
    ['PASSWORD=\nEMPTY_QUOTED=""\n', { PASSWORD: '', EMPTY_QUOTED: '' }],
    ['URL=https://x.example/a#fragment\n', { URL: 'https://x.example/a#fragment' }],
  ];
  const invalid: [string, string, number, number][] = [
    ['A=1\nnot a pair\n', 'line 2 is not NAME=value', 2, 1],
    ['1ABC=x\n', '"1ABC" is not a variable name', 1, 1],
    ['  export Q="open\n', 'opens a quote', 1, 12],
  ];
  it.each(valid)('valid %j', (text, expected) => {
    const parsed = parseEnvFile(text);
    expect(parsed.problems).toEqual([]);
    expect(Object.fromEntries(parsed.values)).toEqual(expected);
  });
  it.each(invalid)('invalid %j', (text, message, line, column) => {
    const parsed = parseEnvFile(text);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatchObject({ line, column });
    expect(parsed.problems[0]!.message).toContain(message);
  });

  it('env files override the process environment; a name declared empty is a placeholder even when this machine defines it', () => {
    const { env, placeholders } = deploymentEnvironment({ HOME: '/root', DB_PASSWORD: 'from-this-machine' }, [new Map([['DB_PASSWORD', ''], ['SERVER', 'couchbases://cb']])]);
    expect(env).toEqual({ HOME: '/root', SERVER: 'couchbases://cb' });
    expect([...placeholders]).toEqual(['DB_PASSWORD']);
  });
});
