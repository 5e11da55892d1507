// A JSON parser that records where every value and key is (one pass, offsets in the parsed text),
// behaves like the gateway's Go decoder (strict JSON, last duplicate key wins, only the first value
// is decoded) and reports precise syntax errors.
import { escapePointerToken, setOwn, splitPointer, type JsonValue, type Span } from '../types.js';

export interface LocNode {
  /** Span of the value. */
  start: number;
  end: number;
  /** Span of the key (for object members). */
  keyStart?: number;
  keyEnd?: number;
  /** Members of an object (by key, last duplicate wins) or items of an array. */
  children?: Map<string, LocNode> | LocNode[];
}

/** The located node of a pointer (keys as written), or null when the document has no such value. */
export function findLocNode(root: LocNode, pointer: string): LocNode | null {
  let node: LocNode | undefined = root;
  if (pointer === '') return node;
  for (const token of splitPointer(pointer)) {
    const children: LocNode['children'] = node?.children;
    if (!children) return null;
    node = Array.isArray(children) ? children[Number(token)] : children.get(token);
    if (!node) return null;
  }
  return node ?? null;
}

export interface DuplicateKey {
  key: string;
  /** Pointer of the object holding the key. */
  parentPointer: string;
  /** Span of the earlier (ignored) occurrence's key. */
  span: Span;
}

/** A number literal whose value JavaScript and Go's decoder read differently (see schema/go-numbers.ts). */
export interface WrittenNumber {
  /** As-written pointer of the value. */
  pointer: string;
  /** The literal as written, e.g. `30.0`, `1e3`, `1e309`. */
  raw: string;
  value: number;
}

export interface JsonParseResult {
  value: JsonValue;
  root: LocNode;
  duplicates: DuplicateKey[];
  /** Integral numbers written with a fraction or an exponent, and numbers out of a double's range. */
  writtenNumbers?: WrittenNumber[];
  /** Span of non-whitespace text after the first value (the gateway ignores it). */
  trailing: Span | null;
  /**
   * What YAML writes with no JSON form: a tag (source/yaml-tags), a key that is a mapping or a list
   * (source/syntax). Errors, but the document is still read, so that a YAML file that is no gateway
   * config (a CloudFormation template with `!Ref`, a Helm template with `{{ .Values.x }}`) is skipped as
   * such when a folder is walked.
   */
  noJsonForm?: NoJsonForm[];
}

/** A place of a YAML document with no JSON form, and what is wrong there (JsonParseResult.noJsonForm). */
export interface NoJsonForm {
  message: string;
  span: Span;
  /** source/yaml-tags when unset (a tag). */
  rule?: 'source/syntax';
  /** For a key that is a mapping or a list: the member its made-up key names (`/["a","b"]`), no member of the config. */
  madeUpMember?: string;
}

/** The template placeholder (`{{ name }}`, `{% if x %}`) written at `at` on one line, or null. */
export function placeholderAt(text: string, at: number): string | null {
  const opener = text.slice(at, at + 2);
  if (opener !== '{{' && opener !== '{%') return null;
  const lineEnd = text.indexOf('\n', at);
  const close = text.indexOf(opener === '{{' ? '}}' : '%}', at + 2);
  if (close < 0 || (lineEnd >= 0 && close > lineEnd)) return null;
  const written = text.slice(at, close + 2);
  // An object written where a key belongs ({{"a": 1}}) is no placeholder.
  return /"\s*:/.test(written) ? null : written;
}

/** What is said of a template's placeholder (`{{ logging }}`) where a config has a key or a value. */
export function placeholderMessage(written: string): string {
  const shown = written.length > 40 ? `${written.slice(0, 37)}...` : written;
  return `"${shown}" is a template placeholder: lint the config that the template renders`;
}

export class JsonSyntaxError extends Error {
  /** The edit that mends the problem (a trailing comma removed, a missing comma inserted), when there is one. */
  mend?: { start: number; end: number; text: string };

  /** The rule the problem is reported under (a limit crossed is not a syntax error). */
  constructor(message: string, readonly offset: number, readonly length = 1, readonly rule = 'source/syntax') {
    super(message);
  }
}

/**
 * Nesting deeper than this is refused before anything walks it (source/too-deep). The gateway's decoder
 * (Go's encoding/json) stops at 10,000 levels, but sgconf's parsers and walkers are recursive and a
 * config nests about 10 levels: 512 keeps every stage far from the stack limit, and no real config near it.
 */
export const MAX_NESTING = 512;

/** Whether JSON text nests arrays and objects more than MAX_NESTING deep (brackets in strings do not count). */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, escapes included.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_NESTING) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether valid JSON text gives a key twice in one object: one scan with a set of keys per open object
 * (a key with escapes is compared decoded). JSON.parse keeps the last silently; a reader that must not
 * can then take the located parser, which says where.
 */
export function hasDuplicateKeys(text: string): boolean {
  const stack: (Set<string> | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c) { escaped = true; i++; }
      }
      const keys = stack[stack.length - 1];
      if (!keys) continue;
      // A key is a string followed by a colon.
      let j = i + 1;
      while (j < text.length && (text.charCodeAt(j) < 128 && WS[text.charCodeAt(j)])) j++;
      if (text.charCodeAt(j) !== 0x3a) continue;
      const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
      if (keys.has(key)) return true;
      keys.add(key);
    } else if (c === 0x7b) {
      stack.push(new Set());
    } else if (c === 0x5b) {
      stack.push(null);
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    }
  }
  return false;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;
const WS = new Uint8Array(128);
WS[32] = WS[9] = WS[10] = WS[13] = 1;

export function parseJsonWithLocations(text: string): JsonParseResult {
  let pos = 0;
  const duplicates: DuplicateKey[] = [];
  const writtenNumbers: WrittenNumber[] = [];
  const n = text.length;

  const skipWs = (): void => {
    while (pos < n) {
      const c = text.charCodeAt(pos);
      if (c < 128 && WS[c]) pos++;
      else break;
    }
  };

  const describe = (at: number): string => {
    if (at >= n) return 'end of file';
    const ch = text[at]!;
    const code = ch.charCodeAt(0);
    if (code < 32) return `control character U+${code.toString(16).padStart(4, '0').toUpperCase()}`;
    if (ch === '/') return '"/" (JSON has no comments)';
    if (ch === '`') return '"`" (a backtick string that never closed: an empty pair `` is not an empty string, and a backtick after a backslash does not close one)';
    return `"${ch}"`;
  };

  const fail = (message: string, at = pos, length = 1): never => {
    throw new JsonSyntaxError(message, at, length);
  };

  // A comma before the closing bracket at pos: the error is there, and removing the comma mends it.
  const failTrailingComma = (closer: '}' | ']'): never => {
    let comma = pos - 1;
    while (comma > 0 && text.charCodeAt(comma) !== 44) comma--;
    const error = new JsonSyntaxError(`trailing comma before "${closer}" (JSON does not allow it)`, pos, 1);
    error.mend = { start: comma, end: comma + 1, text: '' };
    throw error;
  };

  // A template's placeholder where JSON has a key or a value ({{ logging }}, {{conn_in}}, {% if x %}): the
  // file is a template (Jinja, Go templates, Helm), and what the gateway reads is the file it renders. The
  // parser stops at the first brace of a key, or at the second of a value ("{" then a key was expected).
  const failAtPlaceholder = (): void => {
    const start = text.charCodeAt(pos - 1) === 123 && (text[pos] === '{' || text[pos] === '%') ? pos - 1 : pos;
    const placeholder = placeholderAt(text, start);
    if (placeholder) fail(placeholderMessage(placeholder), start, placeholder.length);
  };

  // A function written in a JSON string whose own double quote ends the string ("... console.log("x") ..."):
  // the error is at the character after that quote, so it is named at the quote, with what to write instead.
  const failAfterMember = (member: { value: JsonValue; node: LocNode }, closer: '}' | ']'): never => {
    const quote = member.node.end - 1;
    const functionString = typeof member.value === 'string' && /^\s*function\b/.test(member.value);
    if (functionString && pos === member.node.end) {
      fail('this double quote ends the function\'s string: write \\" inside a function, or the function in backticks', quote, 1);
    }
    // The next member or item, written without the comma before it.
    if (text.charCodeAt(pos) === 34 && pos > member.node.end) {
      const error = new JsonSyntaxError(`a "," is missing before this ${closer === '}' ? 'key' : 'value'}`, pos, 1);
      // After a function's string, the quote may be the function's own (its string ended early): no fix.
      if (!functionString) error.mend = { start: member.node.end, end: member.node.end, text: ',' };
      throw error;
    }
    return fail(`unexpected ${describe(pos)}: "," or "${closer}" was expected`);
  };

  // Strings are found natively (indexOf) and, when they hold escapes, decoded by JSON.parse: flat strings
  // at native speed (a large config holds megabytes of JavaScript with an escape on every line). Any
  // problem goes to the careful scanner below, which names the first one and where it is.
  const parseString = (): string => {
    const start = pos; // at the opening quote
    let quote = text.indexOf('"', start + 1);
    let backslashes = false;
    for (;;) {
      if (quote < 0) return parseStringCarefully();
      let before = quote - 1;
      while (text.charCodeAt(before) === 92) before--;
      if (before === quote - 1) break;
      backslashes = true;
      if ((quote - 1 - before) % 2 === 0) break; // an even run of backslashes: the quote is real
      quote = text.indexOf('"', quote + 1);
    }
    const inner = text.slice(start + 1, quote);
    if (CONTROL.test(inner)) return parseStringCarefully();
    if (!backslashes && inner.indexOf('\\') < 0) {
      pos = quote + 1;
      return inner;
    }
    let value: string;
    try {
      value = JSON.parse(text.slice(start, quote + 1)) as string;
    } catch {
      return parseStringCarefully();
    }
    pos = quote + 1;
    return value;
  };

  const parseStringCarefully = (): string => {
    const start = pos; // at the opening quote
    pos++;
    let result = '';
    for (;;) {
      // Jump to the next quote or backslash natively; check the run between for raw control characters.
      const quote = text.indexOf('"', pos);
      if (quote < 0) fail('unterminated string', start, 1);
      let backslash = text.indexOf('\\', pos);
      if (backslash < 0 || backslash > quote) backslash = -1;
      const runEnd = backslash >= 0 ? backslash : quote;
      const run = text.slice(pos, runEnd);
      if (CONTROL.test(run)) {
        const at = pos + run.search(CONTROL);
        const c = text.charCodeAt(at);
        const what = c === 10 ? 'a line break' : c === 9 ? 'a tab' : `control character U+${c.toString(16).padStart(4, '0').toUpperCase()}`;
        fail(`${what} inside a string (write it escaped, or use a backtick string)`, at, 1);
      }
      result += run;
      if (backslash < 0) {
        pos = quote + 1;
        return result;
      }
      pos = backslash;
      const e = text[pos + 1];
      switch (e) {
        case '"': result += '"'; break;
        case '\\': result += '\\'; break;
        case '/': result += '/'; break;
        case 'b': result += '\b'; break;
        case 'f': result += '\f'; break;
        case 'n': result += '\n'; break;
        case 'r': result += '\r'; break;
        case 't': result += '\t'; break;
        case 'u': {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('invalid \\u escape in string (four hex digits expected)', pos, 2);
          result += String.fromCharCode(parseInt(hex, 16));
          pos += 4;
          break;
        }
        default:
          fail(`invalid escape "\\${e ?? ''}" in string`, pos, 2);
      }
      pos += 2;
    }
  };

  const parseNumber = (): number => {
    const start = pos;
    if (text.charCodeAt(pos) === 45) pos++;
    const first = text.charCodeAt(pos);
    if (first === 48) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) fail('invalid number: leading zeros are not allowed', start, pos - start + 1);
    } else if (first >= 49 && first <= 57) while (isDigit(text.charCodeAt(pos))) pos++;
    else fail(`invalid number: a digit was expected after "-"`, start, pos - start + 1);
    if (text.charCodeAt(pos) === 46) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) fail('invalid number: a digit was expected after "."', start, pos - start + 1);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const e = text.charCodeAt(pos);
    if (e === 101 || e === 69) {
      pos++;
      const s = text.charCodeAt(pos);
      if (s === 43 || s === 45) pos++;
      if (!isDigit(text.charCodeAt(pos))) fail('invalid number: a digit was expected in the exponent', start, pos - start + 1);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    return Number(text.slice(start, pos));
  };

  let depth = 0;
  const tooDeep = (start: number): never => {
    throw new JsonSyntaxError(`the document is nested more than ${MAX_NESTING} levels deep here: sgconf reads no deeper (a gateway config nests about 10)`, start, 1, 'source/too-deep');
  };

  // A member's pointer is built only where it is needed (containers, odd numbers): a config of 1,000,000
  // scalar members would otherwise build 1,000,000 strings that nothing reads.
  const pointerOf = (parent: string, token: string | number | null): string =>
    token === null ? parent : `${parent}/${typeof token === 'number' ? token : escapePointerToken(token)}`;

  const parseValue = (parent: string, token: string | number | null): { value: JsonValue; node: LocNode } => {
    skipWs();
    const start = pos;
    if (pos >= n) fail('unexpected end of file: a value was expected');
    const c = text.charCodeAt(pos);
    if (c === 123 || c === 91) {
      if (++depth > MAX_NESTING) tooDeep(start);
      const pointer = pointerOf(parent, token);
      const result = c === 123 ? parseObject(pointer) : parseArray(pointer);
      depth--;
      return result;
    }
    if (c === 34) {
      const value = parseString();
      return { value, node: { start, end: pos } };
    }
    if (c === 45 || isDigit(c)) {
      const value = parseNumber();
      // Only a literal with a fraction or an exponent, or one past JavaScript's exact integers (where Go's 64-bit
      // range ends), can be read differently (rare: checked after the parse).
      if (!Number.isFinite(value) || (Number.isInteger(value) && (/[.eE]/.test(text.slice(start, pos)) || !Number.isSafeInteger(value)))) {
        writtenNumbers.push({ pointer: pointerOf(parent, token), raw: text.slice(start, pos), value });
      }
      return { value, node: { start, end: pos } };
    }
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return { value, node: { start, end: pos } };
      }
    }
    const quoteHint = c === 39 ? ' (JSON strings use double quotes)' : '';
    let end = pos;
    while (end < n && /[A-Za-z0-9_$.+-]/.test(text[end]!)) end++;
    return fail(`unexpected ${describe(pos)}: a value was expected${quoteHint}`, pos, Math.max(1, end - pos));
  };

  const parseObject = (pointer: string): { value: JsonValue; node: LocNode } => {
    const start = pos;
    pos++;
    const value: { [k: string]: JsonValue } = {};
    const children = new Map<string, LocNode>();
    skipWs();
    if (text.charCodeAt(pos) === 125) {
      pos++;
      return { value, node: { start, end: pos, children } };
    }
    for (;;) {
      skipWs();
      if (text.charCodeAt(pos) !== 34) {
        if (text.charCodeAt(pos) === 125) failTrailingComma('}');
        failAtPlaceholder();
        fail(`unexpected ${describe(pos)}: a double-quoted key was expected`);
      }
      const keyStart = pos;
      const key = parseString();
      const keyEnd = pos;
      skipWs();
      if (text.charCodeAt(pos) !== 58) fail(`unexpected ${describe(pos)}: ":" was expected after the key`);
      pos++;
      const member = parseValue(pointer, key);
      member.node.keyStart = keyStart;
      member.node.keyEnd = keyEnd;
      const earlier = children.get(key);
      if (earlier) {
        duplicates.push({ key, parentPointer: pointer, span: { start: earlier.keyStart!, end: earlier.keyEnd! } });
        children.delete(key); // keep file order: the member now sits where its last occurrence is
        delete value[key];
      }
      children.set(key, member.node);
      setOwn(value, key, member.value);
      skipWs();
      const c = text.charCodeAt(pos);
      if (c === 44) {
        pos++;
        continue;
      }
      if (c === 125) {
        pos++;
        return { value, node: { start, end: pos, children } };
      }
      failAfterMember(member, '}');
    }
  };

  const parseArray = (pointer: string): { value: JsonValue; node: LocNode } => {
    const start = pos;
    pos++;
    const value: JsonValue[] = [];
    const children: LocNode[] = [];
    skipWs();
    if (text.charCodeAt(pos) === 93) {
      pos++;
      return { value, node: { start, end: pos, children } };
    }
    for (;;) {
      skipWs();
      if (text.charCodeAt(pos) === 93) failTrailingComma(']');
      const item = parseValue(pointer, value.length);
      value.push(item.value);
      children.push(item.node);
      skipWs();
      const c = text.charCodeAt(pos);
      if (c === 44) {
        pos++;
        continue;
      }
      if (c === 93) {
        pos++;
        return { value, node: { start, end: pos, children } };
      }
      failAfterMember(item, ']');
    }
  };

  skipWs();
  if (pos >= n) throw new JsonSyntaxError('the file is empty: a JSON object was expected', 0, 0);
  const { value, node } = parseValue('', null);
  skipWs();
  // `"bootstrap": {...}, "logging": {...}`: an object's members, written without the object's braces.
  if (typeof value === 'string' && text.charCodeAt(pos) === 58) {
    fail('the file holds members without their object\'s braces: write "{" before the first key and "}" after the last', node.start, node.end - node.start);
  }
  let trailing: Span | null = null;
  if (pos < n) {
    let end = n;
    while (end > pos && WS[text.charCodeAt(end - 1)]) end--;
    trailing = { start: pos, end };
  }
  return { value, root: node, duplicates, trailing, ...(writtenNumbers.length > 0 ? { writtenNumbers } : {}) };
}

const LITERALS: [string, JsonValue][] = [['true', true], ['false', false], ['null', null]];

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}


/**
 * Offset in the JSON text of the character at index `index` of the decoded string whose literal
 * (with quotes) spans [start, end). Escapes map to their backslash.
 */
export function jsonStringIndexToOffset(text: string, start: number, end: number, index: number, from?: { decoded: number; pos: number }): number {
  // `from`: a point of the same string already found (findings come in order: scan on from there).
  const resume = from !== undefined && from.decoded <= index;
  let decoded = resume ? from.decoded : 0;
  let pos = resume ? from.pos : start + 1;
  while (pos < end - 1) {
    if (decoded >= index) return pos;
    if (text.charCodeAt(pos) === 92) {
      pos += text[pos + 1] === 'u' ? 6 : 2;
    } else {
      pos++;
    }
    decoded++;
  }
  return pos;
}
