// The questions the build asks otto's parser to find which of its functions a question reaches
// (scripts/engine-image.mjs), so that lint can run a module trimmed to those (src/otto/load.ts
// compileTrimmedModule). A question that reaches another function is still answered, by the whole module,
// later: what is asked here decides how often that happens, never what the answer is. So: the syntax
// gateway functions are written in, regular expressions, the refusals otto's parser gives (each with its
// message and position), a function nested deep enough for Go to grow its stack, and some large enough
// for Go to collect garbage.

const accepted = [
  `function (doc, oldDoc) { if (doc._deleted) { return; } requireUser(doc.owner); channel(doc.channels); }`,
  `function (doc, oldDoc, meta) { if (meta.xattrs) { channel(meta.xattrs.channels); } expiry(3600); access(doc.owner, "ch"); role(doc.owner, "role:r"); requireAccess(["a", "b"]); requireRole("admin"); requireAdmin(); }`,
  `function (doc) { var a = [1, 2.5, 0x1F, 1e3, .5, 017, -0, +1, ~2, !0], o = { a: 1, 'b': 2, "c": 3, 4: 5, get g() { return 1; }, set s(v) { this.x = v; } }; }`,
  `function (doc) { for (var i = 0; i < 10; i++) { continue; } for (var k in doc) {} for (;;) { break; } while (false) {} do { } while (false); }`,
  `function (doc) { outer: for (var i in doc) { inner: for (var j in doc[i]) { if (j) continue outer; else break inner; } } }`,
  `function (doc) { try { throw new Error("x"); } catch (e) { log(e.message); } finally { void 0; } }`,
  `function (doc) { switch (typeof doc.x) { case "string": case 'number': break; default: throw { forbidden: "no" }; } }`,
  `function (doc) { with (doc) { x = y; } debugger; ; var f = function named(a, b) { return arguments.length; }; }`,
  `function (doc) { var r = /a[b-c]*\\d+(?:x|y)?$/gi, s = "\\u0041\\x41\\n\\t\\\\\\'\\"", t = 'line\\
continued'; return r.test(s) && s.replace(/\\s+/g, ' ') instanceof String && /^[a-z0-9_-]+$/i.test(doc.type); }`,
  `function (doc) { var x = doc.a ? doc.b : doc.c, y = (1, 2), z = new Date(), w = delete doc.q, v = 'k' in doc; x += 1; x -= 1; x *= 2; x /= 2; x %= 3; x <<= 1; x >>= 1; x >>>= 1; x &= 1; x |= 1; x ^= 1; }`,
  `function (doc) { return a === b || a !== b || a == b || a != b || a < b || a > b || a <= b || a >= b || a & b | c ^ d || a << b >> c >>> d || a++ + --b - c-- * d / e % f; }`,
  `function (doc) { "use strict"; var \\u00fcn\\u00efc\\u00f6d\\u00e9 = 1, $_ = 2, \\u0061bc = 3; /* block
  comment */ // line comment
  return abc; }`,
  `function (doc) { return JSON.stringify(doc) + Object.keys(doc).map(function (k) { return k.toUpperCase(); }).join(","); }
//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbXSwibmFtZXMiOltdLCJtYXBwaW5ncyI6IiJ9`,
  `function (doc) { if (a) b; else if (c) d; else { e; } return function () { return this; }.call(doc); }`,
  `function (doc) { var o = {}; o.a = [[[[]]]]; o["b"] = {c: {d: {e: null}}}; return o; }`,
  'function (doc) { var é = "café", 日本 = "日本語 😀", ünïcödé = \'ü\'; // café\n return é + 日本 + ünïcödé; }',
  'function (doc) { return [1e400, 12345678901234567890123, 0.1e-7, 5e+3, 1.7976931348623157e308, 4.9e-324, 0xFFFFFFFFFFFFFFFFFF, 3.14159]; }',
  'function (doc) { return ["\\101", "\\x41", "\\u0041", "\\0", /[\\u0041-\\u005A]/, /\\bword\\b/m, /a{2,3}?/, /[^\\s\\S]/, /\\p{L}/u]; }',
  'function (doc) {\r\n  if (x) function f() {}\r\n  return 1;\u2028}',
  `function (doc) { return ${'('.repeat(200)}1${')'.repeat(200)}; }`,
  // Go collects its garbage during these, each at another moment of the parse.
  ...[10_000, 20_000, 40_000, 60_000].map((length) => `function (doc) { var a = [${Array.from({ length }, (_, i) => `{ "k${i}": "v${i}", n: ${i}.5 }`).join(', ')}]; }`),
];

const refused = [
  'function (doc) { if (doc.x { } }',
  'function (doc) { var = 1; }',
  'function (doc) { return "unterminated; }',
  'function (doc) { var r = /[^]/; }',
  'function (doc) { var r = /(?<=a)b/; }',
  'function (doc) { var n = 08; }',
  'function (doc) { break; }',
  'function (doc) { continue; }',
  'function (doc) { return }}',
  'function (doc) { a: a: while (1) {} }',
  'function (doc) { for (var i in ) {} }',
  'function (doc) { throw\n new Error(); }',
  'function (doc) { let x = 1; const y = 2; }',
  'function (doc) { var f = (x) => x; }',
  'function (doc) { var s = `template`; }',
  'function (doc) { class A {} }',
  'function (doc) { var \\u00zz = 1; }',
  'function (doc) { return ["\\x4", "\\u12", "\\u{1F600}"]; }',
  'function (doc) { var r = /a{2,1}/; }',
  'function (doc) { var r = /\\1(a)/; }',
  'function (doc) { return 0x; }',
  'function (doc) { /* unterminated comment }',
  'function (doc) { var r = /unterminated; }',
  'function (doc) { switch (x) { default: default: } }',
  'function (doc) { try {} }',
  '}{',
  '',
  'function (doc) {',
];

export const PARSER_QUESTIONS = [...accepted, ...refused];
