// The located JSON parser's strings: decoded exactly as JSON.parse decodes them, and each malformed one
// reported at its first problem, whichever way the parser takes through it.
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonWithLocations } from '../../src/source/json.js';

describe('JSON strings', () => {
  const valid: string[] = [
    '"plain"',
    '""',
    '"say \\"hi\\""',
    '"ends with a backslash \\\\"',
    '"\\\\\\"quote after an escaped backslash"',
    '"all escapes \\" \\\\ \\/ \\b \\f \\n \\r \\t"',
    '"\\u00e9t\\u00E9 \\ud83d\\ude00 lone \\ud800 end"',
    '"caf\u00e9 \u2603 \ud83d\ude00 raw"',
    '{"k\\"ey": ["a\\\\", "b\\n", {"\\u0041": "\\\\\\\\"}]}',
    `"${'line\\n'.repeat(500)}"`,
  ];
  it.each(valid)('%s decodes as JSON.parse does', (text) => {
    expect(parseJsonWithLocations(text).value).toEqual(JSON.parse(text));
  });

  const invalid: [string, string, number][] = [
    ['"never closed', 'unterminated string', 0],
    ['"a\\"', 'unterminated string', 0],
    ['"line\nbreak"', 'a line break inside a string (write it escaped, or use a backtick string)', 5],
    ['"tab\there"', 'a tab inside a string (write it escaped, or use a backtick string)', 4],
    ['"bell\u0007"', 'control character U+0007 inside a string (write it escaped, or use a backtick string)', 5],
    ['"bad \\x escape"', 'invalid escape "\\x" in string', 5],
    ['"bad \\u12g4"', 'invalid \\u escape in string (four hex digits expected)', 5],
    // The first problem wins: an escape before a raw line break, a raw line break before an escape.
    ['"\\q then\nbreak"', 'invalid escape "\\q" in string', 1],
    ['"break\nthen \\q"', 'a line break inside a string (write it escaped, or use a backtick string)', 6],
  ];
  it.each(invalid)('%j: %s at offset %d', (text, message, offset) => {
    let thrown: unknown;
    try {
      parseJsonWithLocations(`[${text}]`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JsonSyntaxError);
    expect((thrown as JsonSyntaxError).message).toBe(message);
    expect((thrown as JsonSyntaxError).offset).toBe(offset + 1);
  });
});
