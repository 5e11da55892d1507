import { describe, expect, it } from 'vitest';
import { convertBackticks, expandEnvironment } from '../../src/source/dialect.js';

describe('environment expansion (reference 1.3)', () => {
  const env = { HOST: 'cb1', EMPTY: '', PASS: 'p@ss' };
  const table: [string, string, string[]][] = [
    // input, expected output, undefined names
    ['$HOST', 'cb1', []],
    ['${HOST}:8091', 'cb1:8091', []],
    ['x$HOST.y', 'xcb1.y', []],
    ['$$', '$', []],
    ['${$}', '$', []],
    ['a$$1b', 'a$1b', []],
    ['$1abc', 'abc', ['1']],
    ['${MISSING:-def}', 'def', []],
    ['${MISSING:-}', '', []],
    ['${EMPTY:-fallback}', 'fallback', []],
    ['$EMPTY', '', ['EMPTY']],
    ['${X-def}', '', ['X-def']],
    ['${X:=def}', '', ['X:=def']],
    ['${}', '', []],
    ['a${b', 'ab', []],
    ['cost $ 5', 'cost $ 5', []],
    ['end$', 'end$', []],
    ['"$"', '"$"', []],
    ['${HOST:-a:-b}', 'cb1', []],
    ['${MISSING:-a:-b}', 'a:-b', []],
    ['$host', '', ['host']],
  ];
  it.each(table)('%s -> %s', (input, output, undefinedNames) => {
    const result = expandEnvironment(input, env);
    expect(result.text).toBe(output);
    expect(result.undefinedVariables.map((u) => u.name)).toEqual(undefinedNames);
  });

  it('reports each undefined variable at the $ of its reference', () => {
    const input = 'ab ${ONE} $TWO';
    const result = expandEnvironment(input, {});
    expect(result.undefinedVariables).toEqual([
      { name: 'ONE', span: { start: 3, end: 9 } },
      { name: 'TWO', span: { start: 10, end: 14 } },
    ]);
  });

  it('maps offsets after an expansion back to the original text', () => {
    const input = '{"s": "${HOST}", "t": 1}';
    const result = expandEnvironment(input, env);
    const outT = result.text.indexOf('"t"');
    expect(result.mapper.toInput(outT)).toBe(input.indexOf('"t"'));
    // Inside the expanded value: the reference's start.
    expect(result.mapper.toInput(result.text.indexOf('cb1') + 1)).toBe(input.indexOf('${HOST}'));
    expect(result.mapper.toInputEnd(result.text.indexOf('cb1') + 3)).toBe(input.indexOf('${HOST}') + 7);
  });
});

describe('backtick strings (reference 1.2)', () => {
  const table: [string, string][] = [
    ['`x`', '"x"'],
    ['`a\nb`', '"a\\nb"'],
    ['`a\r\nb`', '"a\\nb"'],
    ['`a\tb`', '"a\\tb"'],
    ['`say "hi"`', '"say \\"hi\\""'],
    ['`a\\b`', '"a\\\\b"'],
    ['`/^\\d+$/`', '"/^\\\\d+$/"'],
    ['`a\\`b`', '"a\\\\`b"'],
    ['{"a": ``, "b": `x`}', '{"a": "`, \\"b\\": "x`}'],
    ['no backticks', 'no backticks'],
    ['`unclosed', '`unclosed'],
    ['`one` and `two`', '"one" and "two"'],
    ['`é ü`', '"é ü"'],
  ];
  it.each(table)('%j -> %j', (input, output) => {
    expect(convertBackticks(input).text).toBe(output);
    // The same with a character above U+00FF in the file (the other way the text is built).
    expect(convertBackticks(`${input} \u2603`).text).toBe(`${output} \u2603`);
  });

  // Where each output character came from, by the obvious simulation of the rewrite.
  function expectedOrigins(input: string): number[] {
    const origins: number[] = [];
    let i = 0;
    while (i < input.length) {
      let close = input[i] === '`' ? input.indexOf('`', i + 2) : -1;
      while (close > 0 && input[close - 1] === '\\') close = input.indexOf('`', close + 1);
      if (close < 0) {
        origins.push(i++);
        continue;
      }
      origins.push(i);
      for (let j = i + 1; j < close; j++) {
        const c = input[j];
        if (c === '\r') continue;
        origins.push(j);
        if (c === '\\' || c === '\n' || c === '\t' || c === '"') origins.push(j);
      }
      origins.push(close);
      i = close + 1;
    }
    return origins;
  }
  it.each([
    ['{"sync": `function(doc) {\r\n\tif (doc.a) throw({forbidden: "no \\\\d"});\n}`, "x": 1, "f": `a`}'],
    ['`\n\n` `"` plain `\\` end'],
    ['{"s": `caf\u00e9\ttab`}'],
    ['{"s": `\u2603 snow\nman`}'],
  ])('every output offset maps back to where it came from: %j', (input) => {
    for (const text of [input, `${input}\u2603`]) {
      const result = convertBackticks(text);
      const origins = expectedOrigins(text);
      expect(result.text.length).toBe(origins.length);
      for (let o = 0; o < origins.length; o++) {
        expect(result.mapper.toInput(o), `toInput(${o})`).toBe(origins[o]);
        expect(result.mapper.toInputEnd(o + 1), `toInputEnd(${o + 1})`).toBe(origins[o]! + 1);
      }
      expect(result.mapper.toInput(origins.length)).toBe(text.length);
    }
  });

  it('maps every output offset back into the backtick region', () => {
    const input = '{"sync": `function(doc) {\r\n\tthrow({forbidden: "no"});\n}`}';
    const result = convertBackticks(input);
    const out = result.text;
    for (const token of ['throw', 'forbidden', '"no"', '}']) {
      const o = out.lastIndexOf(token === '"no"' ? '\\"no' : token);
      const i = input.lastIndexOf(token === '"no"' ? '"no' : token);
      expect(result.mapper.toInput(o), token).toBe(i);
    }
  });
});
