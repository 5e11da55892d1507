// The counted text of a coverage run, mapped back to the function's own source: every character the
// instrumenter copied lands on itself, and added text lands where it was added.
import { describe, expect, it } from 'vitest';
import { instrumentFunction, markThrows, sourceOffset } from '../../src/sync/instrument.js';

const FUNCTIONS = [
  'function(doc, oldDoc) {\n  if (doc.a) channel("a"); else { access("u", "b"); }\n  for (var i = 0; i < 3; i++) doc.n += i;\n  return doc.x ? doc.x.y : null;\n}',
  'function(doc) { function inner(v) { return v && v.w; } switch (doc.t) { case 1: inner(doc); break; default: throw({forbidden: "no"}); } }',
  'function(doc) { var s = "\u{1F600}é"; if (doc.a); while (doc.b) doc.b--; }',
];

describe('sourceOffset', () => {
  it.each(FUNCTIONS)('maps every offset of the counted text back into the source: %#', (source) => {
    const counted = instrumentFunction(source)!;
    expect(counted.text).not.toBe(source);
    let copiedCharacters = 0;
    for (let at = 0; at < counted.text.length; at++) {
      const from = sourceOffset(counted, at);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(from).toBeLessThanOrEqual(source.length);
      if (counted.text[at] === source[from]) copiedCharacters++;
    }
    // Each character of the source is copied once: at least as many positions land on their own character.
    expect(copiedCharacters).toBeGreaterThanOrEqual(source.length);
    // The offsets of copied runs increase with the text, never back.
    let last = 0;
    for (let at = 0; at < counted.text.length; at++) {
      const from = sourceOffset(counted, at);
      expect(from).toBeGreaterThanOrEqual(last);
      last = from;
    }
  });

  it('a counter added before a statement lands on that statement', () => {
    const source = 'function(doc) { channel(doc.a.b); }';
    const counted = instrumentFunction(source)!;
    const statement = counted.text.indexOf('channel(doc.a.b)');
    expect(sourceOffset(counted, statement)).toBe(source.indexOf('channel(doc.a.b)'));
    expect(sourceOffset(counted, counted.text.indexOf('doc.a.b'))).toBe(source.indexOf('doc.a.b'));
    // Inside the statement's counter (the second: the function's comes first), the statement's place.
    expect(sourceOffset(counted, counted.text.indexOf(`${counted.counterName}(1)`) + 2)).toBe(source.indexOf('channel'));
  });
});

describe('markThrows', () => {
  it('passes each thrown value through the marker, nested ones too, each number with its statement\'s start', () => {
    const source = 'function(doc) { if (doc.a) throw({forbidden: "a"}); function f() { throw g(function () { throw 1; }); } throw doc.b; }';
    const marked = markThrows(source)!;
    expect(marked.text).toBe('function(doc) { if (doc.a) throw(__sgconfThrown(0, {forbidden: "a"})); function f() { throw __sgconfThrown(2, g(function () { throw __sgconfThrown(1, 1); })); } throw __sgconfThrown(3, doc.b); }');
    expect(marked.starts.map((at) => source.slice(at, at + 7))).toEqual(['throw({', 'throw 1', 'throw g', 'throw d']);
  });

  it('a name the function does not hold; none for a function without throw statements or that does not parse', () => {
    expect(markThrows('function(doc) { var __sgconfThrown = 1; throw __sgconfThrown; }')!.marker).toBe('__sgconfThrown_');
    expect(markThrows('function(doc) { channel("a"); }')).toBeNull();
    expect(markThrows('function(doc) { let x = 1; throw x; }')).toBeNull();
  });
});
