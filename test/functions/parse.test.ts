// The ES5 check names each ES2015+ construct at its position; the source must be one function expression.
import { describe, expect, it } from 'vitest';
import { parseFunctionSource } from '../../src/functions/parse.js';

/** [source, construct named in the message, the text at the reported span] */
const ES2015: [string, string, string][] = [
  ['function(doc) { let x = doc.a; }', '`let` declaration', 'let'],
  ['function(doc) { const x = doc.a; }', '`const` declaration', 'const'],
  ['function(doc) { doc.tags.forEach(t => channel(t)); }', 'arrow function', 't => '],
  ['function(doc) { channel(`user-${doc.owner}`); }', 'template literal', '`'],
  ['function(doc) { class A {} }', 'a class', 'class'],
  ['function(doc) { channel(...doc.channels); }', 'spread syntax', '...'],
  ['function(doc, ...rest) { }', 'rest parameter', '...'],
  ['function(doc, oldDoc = null) { }', 'default parameter value', ' = '],
  ['function(doc) { var {owner} = doc; }', 'object destructuring', '{'],
  ['function(doc) { var [a, b] = doc.pair; }', 'array destructuring', '['],
  ['function(doc) { for (var c of doc.channels) channel(c); }', 'for...of loop', 'for'],
  ['function(doc) { var o = {doc}; }', 'shorthand property', 'doc'],
  ['function(doc) { var o = {f() {}}; }', 'shorthand method', 'f'],
  ['function(doc) { var o = {[doc.k]: 1}; }', 'computed property name', '[doc.k]'],
  ['function(doc) { channel(doc?.owner); }', 'optional chaining', 'doc?.owner'],
  ['function(doc) { channel(doc.owner ?? "x"); }', 'nullish coalescing', ' ?? '],
  ['function(doc) { var x = 2 ** 3; }', 'exponent operator', ' ** '],
  ['function(doc) { try { f(); } catch { } }', 'catch clause without a binding', 'catch'],
  ['function(doc) { var re = /a/u; }', 'regular expression flag u', '/a/u'],
  ['function(doc) { var n = 0b101; }', 'binary literal', '0b101'],
  ['function(doc) { var n = 10n; }', 'BigInt literal', '10n'],
  ['function(doc) { var s = "\\u{1F600}"; }', 'Unicode code point escape', '"\\u{1F600}"'],
  ['async function(doc) { }', 'async function', 'async'],
  ['function*(doc) { }', 'generator function', 'function*'],
];

describe('parseFunctionSource: ES2015+ constructs', () => {
  for (const [source, name, text] of ES2015) {
    it(`names ${name}`, () => {
      const { problems } = parseFunctionSource(source);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.rule).toBe('functions/es2015-syntax');
      expect(problems[0]!.message).toContain(name);
      expect(problems[0]!.detail).toContain('ES5.1');
      expect(source.slice(problems[0]!.start, problems[0]!.end)).toBe(text);
    });
  }

  it('reports each construct of one function, in order', () => {
    const { problems } = parseFunctionSource('function(doc) {\n  let a = 1;\n  const b = () => a;\n}');
    expect(problems.map((p) => p.message.split(' is not')[0])).toEqual(['a `let` declaration', 'a `const` declaration', 'an arrow function (=>)']);
  });

  it('reports what ES5 rejects without an ES2015 name as a syntax error', () => {
    const { problems } = parseFunctionSource('function(doc) { channel(doc.a, ); }');
    expect(problems).toEqual([expect.objectContaining({ rule: 'functions/syntax-error', start: 31 })]);
    expect(problems[0]!.message).toContain('ES5.1');
  });
});

describe('parseFunctionSource: one function expression', () => {
  it('accepts a function expression, named or not, with comments, white space or parentheses around it', () => {
    for (const source of ['function(doc) {}', '\n  function sync(doc, oldDoc) { channel(doc.c); }\n', '// header\nfunction(doc) {}\n// trailer\n', 'function(doc) {} /* done */', '(function(doc) {})']) {
      const outcome = parseFunctionSource(source);
      expect(outcome.problems, source).toEqual([]);
      expect(outcome.functionNode?.type).toBe('FunctionExpression');
    }
  });

  const SHAPES: [string, RegExp, string][] = [
    ['function(doc) { channel(doc.c); };', /unexpected ";" after the end of the function.*Remove the semicolon/, ';'],
    ['function(doc) { channel(doc.c); } // done', /ends in a \/\/ comment without a line break/, '// done'],
    ['function(doc) {}\nfunction(other) {}', /unexpected "function" after the end of the function/, 'function'],
    ['(function(doc) {})()', /immediately-invoked function/, '(function(doc) {})()'],
    ['channel(doc.channels);', /JavaScript statements, not a function/, 'channel(doc.channels);'],
    ['if (doc.type) { channel(doc.type); }', /JavaScript statements, not a function/, 'if (doc.type) { channel(doc.type); }'],
    ['{"channels": ["a"]}', /an object literal, not a function/, '{"channels": ["a"]}'],
    [' syncFunction ', /the identifier `syncFunction`, not a function/, 'syncFunction'],
  ];
  for (const [source, message, text] of SHAPES) {
    it(`rejects ${JSON.stringify(source)}`, () => {
      const { problems } = parseFunctionSource(source);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.rule).toBe('functions/not-a-function');
      expect(`${problems[0]!.message} ${problems[0]!.detail ?? ''}`).toMatch(message);
      expect(source.slice(problems[0]!.start, problems[0]!.end)).toBe(text);
    });
  }

  it('reports a syntax error inside the function at the offending token', () => {
    const source = 'function(doc) {\n  if (doc.a {\n  }\n}';
    const { problems } = parseFunctionSource(source);
    expect(problems).toEqual([expect.objectContaining({ rule: 'functions/syntax-error', start: source.indexOf('{', 20) })]);
    expect(problems[0]!.message).toBe('syntax error: Unexpected token');
  });
});
