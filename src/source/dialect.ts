// The gateway's JSON dialect, undone exactly as the gateway does it (reference 1.2, 1.3):
// environment expansion over the raw text first, then backtick strings.
import { SegmentMapBuilder, type OffsetMapper } from './offset-map.js';
import type { Span } from '../types.js';

export interface UndefinedVariable {
  name: string;
  /** Span of the whole reference (`$1`, `${X}`) in the input text. */
  span: Span;
}

export interface EnvReference {
  /** The text of the reference as written, e.g. `${DB_PASSWORD}`, `$HOME`, `$$`. */
  text: string;
  span: Span;
  name: string;
  defined: boolean;
  /** Declared empty in an env file: the deployment sets it; its value is unknown here. */
  placeholder?: boolean;
}

export interface ExpansionResult {
  text: string;
  mapper: OffsetMapper;
  undefinedVariables: UndefinedVariable[];
  references: EnvReference[];
  /** Each variable expanded, with its value (to keep secret ones out of messages). */
  expandedValues: { name: string; value: string }[];
  /** Spans in the INPUT text of references to placeholders (variables the deployment sets). */
  placeholderSpans: Span[];
}

export interface ExpansionOptions {
  /** Variables declared empty in an env file: set at deploy time, never an error, their value unknown. */
  placeholders?: ReadonlySet<string>;
  /** A placeholder outside a string becomes a number in JSON (so the text still parses); YAML reads it as text. */
  format?: 'json' | 'yaml';
}

const isSpecial = (c: string): boolean => '*#$@!?-'.includes(c) || (c >= '0' && c <= '9');
const isNameChar = (code: number): boolean =>
  code === 95 || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Go's os.Expand scanner with Sync Gateway's lookup (`$$` is a literal `$`, `${X:-default}`, empty = undefined). */
export function expandEnvironment(input: string, env: Record<string, string | undefined>, options: ExpansionOptions = {}): ExpansionResult {
  const first = input.indexOf('$');
  const undefinedVariables: UndefinedVariable[] = [];
  const references: EnvReference[] = [];
  const expandedValues: { name: string; value: string }[] = [];
  const placeholderSpans: Span[] = [];
  if (first < 0) return { text: input, mapper: new SegmentMapBuilder().build(input.length, input.length), undefinedVariables, references, expandedValues, placeholderSpans };
  const placeholders = options.placeholders;
  let stringContext: ((offset: number) => boolean) | null = null;

  const map = new SegmentMapBuilder();
  let out = '';
  let copiedUpTo = 0; // input offset up to which text was copied
  map.add(0, 0, true);
  for (let j = first; j < input.length; j++) {
    if (input.charCodeAt(j) !== 36 /* $ */ || j + 1 >= input.length) continue;
    out += input.slice(copiedUpTo, j);
    const rest1 = input[j + 1]!;
    let name = '';
    let width = 0; // characters after the `$` that belong to the reference
    if (rest1 === '{') {
      if (input.length > j + 3 && isSpecial(input[j + 2]!) && input[j + 3] === '}') {
        name = input[j + 2]!;
        width = 3;
      } else {
        const close = input.indexOf('}', j + 2);
        if (close < 0) width = 1; // "${" without "}": both characters are eaten
        else if (close === j + 2) width = 2; // "${}" is eaten
        else {
          name = input.slice(j + 2, close);
          width = close - j;
        }
      }
    } else if (isSpecial(rest1)) {
      name = rest1;
      width = 1;
    } else {
      let k = j + 1;
      while (k < input.length && isNameChar(input.charCodeAt(k))) k++;
      name = input.slice(j + 1, k);
      width = k - j - 1;
    }
    const refEnd = j + width + 1;
    if (name === '' && width > 0) {
      // Invalid syntax: the characters are removed.
      map.add(out.length, refEnd, true);
    } else if (name === '') {
      // A lone `$` stays.
      out += '$';
      map.add(out.length, j + 1, true);
      copiedUpTo = j + 1;
      continue;
    } else {
      const text = input.slice(j, refEnd);
      const varName = name === '$' ? '$' : name.split(':-')[0]!;
      const placeholder = placeholders !== undefined && placeholders.has(varName);
      const value = placeholder ? null : lookup(name, env);
      references.push({ text, span: { start: j, end: refEnd }, name: varName, defined: value !== null || placeholder, ...(placeholder ? { placeholder } : {}) });
      map.add(out.length, j, false);
      if (placeholder) {
        // Inside a string the reference stays as written (a string of unknown content); elsewhere in JSON
        // it becomes a number, so that a placeholder in a number position still parses.
        stringContext ??= jsonStringContext(input);
        out += options.format === 'yaml' || stringContext(j) ? text : '1';
        placeholderSpans.push({ start: j, end: refEnd });
      } else if (value === null) {
        undefinedVariables.push({ name: varName, span: { start: j, end: refEnd } });
      } else {
        if (name !== '$' && value !== '') expandedValues.push({ name: varName, value });
        out += value;
      }
      map.add(out.length, refEnd, true);
    }
    j = refEnd - 1;
    copiedUpTo = refEnd;
  }
  out += input.slice(copiedUpTo);
  return { text: out, mapper: map.build(out.length, input.length), undefinedVariables, references, expandedValues, placeholderSpans };
}

/**
 * Whether an offset of raw JSON-dialect text is inside a "..." string or a backtick string. Asked for
 * increasing offsets only (references come in order), so the text is scanned once.
 */
function jsonStringContext(input: string): (offset: number) => boolean {
  let position = 0;
  let quote = 0; // 0 outside, else the code of the open quote (" or `)
  return (offset) => {
    for (; position < offset; position++) {
      const c = input.charCodeAt(position);
      if (quote === 0) {
        if (c === 34 || c === 96) quote = c;
      } else if (c === 92) {
        position++;
      } else if (c === quote) {
        quote = 0;
      }
    }
    return quote !== 0;
  };
}

/** The gateway's lookup: `$` is a literal dollar; `NAME:-default`; an empty value counts as undefined. */
function lookup(name: string, env: Record<string, string | undefined>): string | null {
  if (name === '$') return '$';
  const cut = name.indexOf(':-');
  const key = cut < 0 ? name : name.slice(0, cut);
  const value = Object.prototype.hasOwnProperty.call(env, key) ? env[key] : undefined;
  if (value !== undefined && value !== '') return value;
  if (cut >= 0) return name.slice(cut + 2); // an empty default is allowed (reference 1.3)
  return null;
}

export interface BacktickResult {
  text: string;
  mapper: OffsetMapper;
  /** Spans in the OUTPUT text of the JSON strings made from backtick regions. */
  regions: Span[];
}

/**
 * Backtick strings: a region opens at a backtick and closes at the first later backtick that has at
 * least one character between and is not preceded by a backslash. Inside: `\` doubled, CR dropped,
 * LF -> `\n`, TAB -> `\t`, `"` -> `\"`; the backticks become double quotes.
 */
export function convertBackticks(input: string): BacktickResult {
  const inputRegions = findBacktickRegions(input);
  if (inputRegions.length === 0) return { text: input, mapper: new SegmentMapBuilder().build(input.length, input.length), regions: [] };
  const { text, regions } = writeEscaped(input, inputRegions);
  return { text, mapper: backtickMapper(input, inputRegions, regions, text.length), regions };
}

/** Open and close offsets of every backtick region, in pairs. An unclosed backtick ends the search. */
function findBacktickRegions(input: string): number[] {
  const found: number[] = [];
  let open = input.indexOf('`');
  while (open >= 0) {
    let close = open + 2;
    for (;;) {
      close = input.indexOf('`', close);
      if (close < 0 || input.charCodeAt(close - 1) !== 92 /* \ */) break;
      close++;
    }
    if (close < 0) break;
    found.push(open, close);
    open = input.indexOf('`', close + 1);
  }
  return found;
}

// Inside a backtick region: CR is dropped (-1); `\`, LF, TAB and `"` become a backslash and the
// character returned; anything else stays (0).
const CR = 13;
function escapedAs(c: number): number {
  switch (c) {
    case CR: return -1;
    case 92: return 92; // \ -> \\
    case 10: return 110; // LF -> \n
    case 9: return 116; // TAB -> \t
    case 34: return 34; // " -> \"
    default: return 0;
  }
}

/**
 * The converted text, written code unit by code unit into one buffer and read back as one string (Node
 * keeps a large one outside the JavaScript heap): a large config holds megabytes of JavaScript with an
 * escape on every line, and building that text from pieces cost more in garbage collection than the
 * parse that follows. One byte per unit when the text has nothing above U+00FF (the usual case), else two.
 */
function writeEscaped(input: string, inputRegions: number[]): { text: string; regions: Span[] } {
  const encoding = /[^\u0000-\u00ff]/.test(input) ? 'utf16le' : 'latin1';
  const width = encoding === 'latin1' ? 1 : 2;
  let escapable = 0;
  for (let r = 0; r < inputRegions.length; r += 2) escapable += inputRegions[r + 1]! - inputRegions[r]! - 1;
  const units = width === 1 ? Buffer.allocUnsafe(input.length + escapable) : new Uint16Array(input.length + escapable);
  const buffer = units instanceof Buffer ? units : Buffer.from(units.buffer);
  const regions: Span[] = [];
  let o = 0;
  let copied = 0;
  for (let r = 0; r < inputRegions.length; r += 2) {
    const open = inputRegions[r]!;
    const close = inputRegions[r + 1]!;
    o += buffer.write(input.slice(copied, open), o * width, encoding) / width;
    const start = o;
    units[o++] = 34;
    for (let i = open + 1; i < close; i++) {
      const c = input.charCodeAt(i);
      const escaped = escapedAs(c);
      if (escaped === 0) {
        units[o++] = c;
      } else if (escaped > 0) {
        units[o++] = 92;
        units[o++] = escaped;
      }
    }
    units[o++] = 34;
    regions.push({ start, end: o });
    copied = close + 1;
  }
  o += buffer.write(input.slice(copied), o * width, encoding) / width;
  return { text: buffer.toString(encoding, 0, o * width), regions };
}

/**
 * Output offsets back to the input of a backtick conversion. Outside the regions the texts differ by a
 * shift; inside a region every escaped character is a segment of its own. Those tables are built per
 * region, the first time an offset inside it is asked for: a large config has hundreds of thousands of
 * such characters, and diagnostics fall in few of its regions.
 */
function backtickMapper(input: string, inputRegions: number[], regions: Span[], outLength: number): OffsetMapper {
  const contentMaps = new Map<number, OffsetMapper>();
  const contentMap = (r: number): OffsetMapper => {
    let map = contentMaps.get(r);
    if (!map) {
      const open = inputRegions[2 * r]!;
      const close = inputRegions[2 * r + 1]!;
      const builder = new SegmentMapBuilder();
      builder.add(0, 0, true);
      let shift = 0; // output offset minus input offset so far, inside the region
      for (let i = open + 1; i < close; i++) {
        const c = input.charCodeAt(i);
        if (escapedAs(c) === 0) continue;
        const local = i - open - 1;
        builder.add(local + shift, local, false);
        shift += c === CR ? -1 : 1;
        builder.add(local + 1 + shift, local + 1, true);
      }
      map = builder.build(regions[r]!.end - regions[r]!.start - 2, close - open - 1);
      contentMaps.set(r, map);
    }
    return map;
  };
  // The last region whose output starts at or before `offset`, or -1.
  const regionAt = (offset: number): number => {
    let lo = 0;
    let hi = regions.length - 1;
    if (hi < 0 || offset < regions[0]!.start) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (regions[mid]!.start <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Input offset of output character `offset`; `end` asks for the end of that character instead.
  const map = (offset: number, end: boolean): number => {
    const after = end ? 1 : 0;
    const r = regionAt(offset);
    if (r < 0) return offset + after;
    const { start, end: regionEnd } = regions[r]!;
    const open = inputRegions[2 * r]!;
    const close = inputRegions[2 * r + 1]!;
    // After the closing quote: the gap up to the next region is copied as is.
    if (offset >= regionEnd) return close + 1 + (offset - regionEnd) + after;
    // The quotes stand where the backticks stood.
    if (offset === start) return open + after;
    if (offset === regionEnd - 1) return close + after;
    const local = offset - start - 1;
    return open + 1 + (end ? contentMap(r).toInputEnd(local + 1) : contentMap(r).toInput(local));
  };
  return {
    toInput: (offset) => (offset >= outLength ? input.length + (offset - outLength) : map(offset, false)),
    toInputEnd: (offset) => (offset <= 0 ? 0 : offset > outLength ? input.length + (offset - outLength) : map(offset - 1, true)),
  };
}

