// The text of a document's numbers, kept where JavaScript's number would lose it. The gateway decodes a body
// with UseNumber (rest/multipart.go@4.1.1 ReadJSONFromMIMERawErr, which handler.go readJSON and the dry-run
// endpoints call): on the dry-run endpoint a function sees each number as its JSON text (`1.0`,
// `1e2`), and on a write ConvertJSONNumbers (channels/channelmapper.go@4.1.1) leaves an integer past 2^53
// as its exact text. JSON.parse would give 1, 100 and the nearest double.
//
// A number whose text JSON.stringify would not write back the same is a NumberText, and stringifyJson
// writes its text as it is, so the engine's batch carries it to Go unchanged. Neither needs a V8 flag
// (JSON.rawJSON is behind one on Node 20, and Node documents that setting flags at run time may crash).
import { findLocNode, parseJsonWithLocations } from './json.js';
import { escapePointerToken, isObject, setOwn, type JsonValue } from '../types.js';

/**
 * A value stringifyJson writes as its JSON text, unchanged. Any other JSON.stringify writes its plain
 * value. The text must be one JSON value.
 */
abstract class RawJson {
  constructor(readonly text: string) {}

  protected abstract plain(): unknown;

  toJSON(): unknown {
    if (writing === 0) return this.plain();
    rawTexts.push(this.text);
    return `${MARK_OPEN}${rawTexts.length - 1}${MARK_CLOSE}`;
  }
}

/** A number kept as its written JSON text (a leaf, though it is an object to JavaScript). */
export class NumberText extends RawJson {
  protected plain(): number {
    return Number(this.text);
  }
}

/** A value given as its JSON text: a body in the gateway's key order (Go decodes a map's keys in the text's order). */
export class JsonText extends RawJson {
  protected plain(): unknown {
    return JSON.parse(this.text);
  }
}

/** A JSON number literal (RFC 8259), the only text a NumberText may hold. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A number literal in value position that JSON.stringify may write differently: a fraction or an exponent,
 * 16 digits or more, or -0. A text without one reads the same with JSON.parse (strings may match too: then
 * the exact scan below finds nothing).
 */
const MAY_HOLD_NUMBER_TEXT = /[:,[]\s*(?:-?\d+(?:[.eE]|\d{15})|-0\s*[,\]}])/;

export function mayHoldNumberText(jsonText: string): boolean {
  return MAY_HOLD_NUMBER_TEXT.test(jsonText);
}

/** Whether a literal's text differs from what JSON.stringify writes for its value. */
function losesText(text: string): boolean {
  return JSON_NUMBER.test(text) && JSON.stringify(Number(text)) !== text;
}

/** The value a number literal reads as: the number, or its text when JavaScript would write it otherwise. */
export function numberWithText(value: number, text: string): JsonValue {
  return losesText(text) ? (new NumberText(text) as unknown as JsonValue) : value;
}

/**
 * Whether valid JSON text holds a number literal outside strings whose text JSON.stringify would change:
 * one scan that skips strings (escapes included).
 */
function holdsNumberText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++;
      if (losesText(text.slice(i, end))) return true;
      i = end - 1;
    }
  }
  return false;
}

/** JSON.parse, with numbers whose text JSON.stringify would change kept as NumberText. */
export function parseJsonKeepingNumberText(text: string): JsonValue {
  const value = JSON.parse(text) as JsonValue;
  if (!mayHoldNumberText(text) || !holdsNumberText(text)) return value;
  // The text is valid JSON (JSON.parse took it): the located parser gives each number's written text.
  const located = parseJsonWithLocations(text);
  return keepNumberText(located.value, '', (pointer) => {
    const node = findLocNode(located.root, pointer);
    return node ? text.slice(node.start, node.end) : null;
  });
}

/**
 * `value` (read from a located document) with each number whose written text JSON.stringify would change
 * as a NumberText; `writtenText(pointer)` is the text of the value at an as-written pointer.
 */
export function keepNumberText(value: JsonValue, pointer: string, writtenText: (pointer: string) => string | null): JsonValue {
  const visit = (node: JsonValue, at: string): JsonValue => {
    if (typeof node === 'number') {
      const text = writtenText(at);
      return text === null ? node : numberWithText(node, text);
    }
    if (Array.isArray(node)) return node.map((item, i) => visit(item, `${at}/${i}`));
    if (isObject(node) && !isNumberText(node)) {
      const out: Record<string, JsonValue> = {};
      for (const key of Object.keys(node)) setOwn(out, key, visit(node[key]!, `${at}/${escapePointerToken(key)}`));
      return out;
    }
    return node;
  };
  return visit(value, pointer);
}

/** Whether a value is a number kept as its text. */
export function isNumberText(value: unknown): value is NumberText {
  return value instanceof NumberText;
}

// While stringifyJson runs, a RawJson writes itself as a marked string holding the number of its text,
// which is then put in its place. The marks are noncharacters, which JSON.stringify writes unescaped.
const MARK_OPEN = '\uFDD0';
const MARK_CLOSE = '\uFDD1';
const MARKED = /"\uFDD0(\d+)\uFDD1"/g;
let writing = 0;
/** The texts of the RawJson values the current stringifyJson has met, by their mark's number. */
let rawTexts: string[] = [];

/**
 * JSON.stringify, with each NumberText and JsonText written as its text. A string of the input that looks
 * like a mark makes the count of replacements differ from the count of texts: then the value is written
 * again by writeExactly, so that no input can turn a string into a value.
 */
export function stringifyJson(value: unknown): string {
  writing++;
  const outerTexts = rawTexts;
  rawTexts = [];
  let out: string;
  let texts: string[];
  try {
    out = JSON.stringify(value);
  } finally {
    writing--;
    texts = rawTexts;
    rawTexts = outerTexts;
  }
  if (texts.length === 0) return out;
  let replaced = 0;
  const result = out.replace(MARKED, (_whole, index: string) => {
    replaced++;
    return texts[Number(index)] ?? 'null';
  });
  return replaced === texts.length ? result : writeExactly(value);
}

/** The JSON text of a value with each RawJson written as its text, one value at a time (the rare slow path). */
function writeExactly(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : writeExactly(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members: string[] = [];
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function') continue;
      members.push(`${JSON.stringify(key)}:${writeExactly(item)}`);
    }
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
