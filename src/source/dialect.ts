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
}

export interface ExpansionResult {
  text: string;
  mapper: OffsetMapper;
  undefinedVariables: UndefinedVariable[];
  references: EnvReference[];
  /** Spans of expanded values in the OUTPUT text (to keep their content out of messages). */
  expandedValues: string[];
}

const isSpecial = (c: string): boolean => '*#$@!?-'.includes(c) || (c >= '0' && c <= '9');
const isNameChar = (code: number): boolean =>
  code === 95 || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Go's os.Expand scanner with Sync Gateway's lookup (`$$` is a literal `$`, `${X:-default}`, empty = undefined). */
export function expandEnvironment(input: string, env: Record<string, string | undefined>): ExpansionResult {
  const first = input.indexOf('$');
  const undefinedVariables: UndefinedVariable[] = [];
  const references: EnvReference[] = [];
  const expandedValues: string[] = [];
  if (first < 0) return { text: input, mapper: new SegmentMapBuilder().build(input.length, input.length), undefinedVariables, references, expandedValues };

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
      const value = lookup(name, env);
      const varName = name === '$' ? '$' : name.split(':-')[0]!;
      references.push({ text, span: { start: j, end: refEnd }, name: varName, defined: value !== null });
      map.add(out.length, j, false);
      if (value === null) {
        undefinedVariables.push({ name: varName, span: { start: j, end: refEnd } });
      } else {
        if (name !== '$' && value !== '') expandedValues.push(value);
        out += value;
      }
      map.add(out.length, refEnd, true);
    }
    j = refEnd - 1;
    copiedUpTo = refEnd;
  }
  out += input.slice(copiedUpTo);
  return { text: out, mapper: map.build(out.length, input.length), undefinedVariables, references, expandedValues };
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
  let open = input.indexOf('`');
  const regions: Span[] = [];
  if (open < 0) return { text: input, mapper: new SegmentMapBuilder().build(input.length, input.length), regions };
  // The text is built from slices with native replaces (a large config holds megabytes of JavaScript in
  // backtick strings); the offset map, needed only to place diagnostics, is built on first use.
  const parts: string[] = [];
  const inputRegions: number[] = []; // open, close offsets in the input
  let outLength = 0;
  let copied = 0;
  while (open >= 0) {
    let close = open + 2;
    for (;;) {
      close = input.indexOf('`', close);
      if (close < 0 || input.charCodeAt(close - 1) !== 92 /* \ */) break;
      close++;
    }
    if (close < 0) break;
    const before = input.slice(copied, open);
    const inner = escapeRegion(input.slice(open + 1, close));
    parts.push(before, '"', inner, '"');
    const regionStart = outLength + before.length;
    outLength = regionStart + inner.length + 2;
    regions.push({ start: regionStart, end: outLength });
    inputRegions.push(open, close);
    copied = close + 1;
    open = input.indexOf('`', copied);
  }
  parts.push(input.slice(copied));
  const out = parts.join('');
  return { text: out, mapper: lazyMapper(() => backtickMap(input, inputRegions, out.length)), regions };
}

function escapeRegion(text: string): string {
  if (!/[\\\r\n\t"]/.test(text)) return text;
  return text.replace(/\\/g, '\\\\').replace(/\r/g, '').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/"/g, '\\"');
}

/** The segment map of a backtick conversion (every escaped character is its own segment). */
function backtickMap(input: string, inputRegions: number[], outLength: number): OffsetMapper {
  const map = new SegmentMapBuilder();
  map.add(0, 0, true);
  let shift = 0; // output offset minus input offset so far
  for (let r = 0; r < inputRegions.length; r += 2) {
    const open = inputRegions[r]!;
    const close = inputRegions[r + 1]!;
    // The opening backtick becomes a quote: same length.
    map.add(open + 1 + shift, open + 1, true);
    for (let i = open + 1; i < close; i++) {
      const c = input.charCodeAt(i);
      if (c !== 92 && c !== 13 && c !== 10 && c !== 9 && c !== 34) continue;
      map.add(i + shift, i, false);
      shift += c === 13 ? -1 : 1;
      map.add(i + 1 + shift, i + 1, true);
    }
  }
  return map.build(outLength, input.length);
}

/** A mapper whose (costly) tables are built the first time a position is asked for. */
function lazyMapper(build: () => OffsetMapper): OffsetMapper {
  let built: OffsetMapper | null = null;
  return {
    toInput: (o) => (built ??= build()).toInput(o),
    toInputEnd: (o) => (built ??= build()).toInputEnd(o),
  };
}
