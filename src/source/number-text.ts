// The text of a document's numbers, kept where JavaScript's number would lose it. The gateway decodes a body
// with UseNumber (rest/multipart.go@4.1.1 ReadJSONFromMIMERawErr, which handler.go readJSON and the dry-run
// endpoints call): on the dry-run endpoint a function sees each number as its JSON text (`1.0`,
// `1e2`), and on a write ConvertJSONNumbers (channels/channelmapper.go@4.1.1) leaves an integer past 2^53
// as its exact text. JSON.parse would give 1, 100 and the nearest double.
//
// A number whose text JSON.stringify would not write back the same becomes a raw JSON value
// (JSON.rawJSON, the TC39 "JSON.parse source text access" proposal): JSON.stringify writes its text as it
// is, so the engine's batch carries it to Go unchanged. Node 20 has the proposal behind V8's
// --harmony-json-parse-with-source, which takes effect for contexts made after it is set (worker threads,
// vm contexts); Node 22 has it on. Without it, numbers are read as JSON.parse reads them.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { escapePointerToken, isObject, setOwn, type JsonValue } from '../types.js';

interface RawJsonApi {
  rawJSON(text: string): object;
  isRawJSON(value: unknown): boolean;
}

let api: RawJsonApi | null | undefined;

function rawJsonApi(): RawJsonApi | null {
  if (api !== undefined) return api;
  api = null;
  const own = JSON as unknown as Partial<RawJsonApi>;
  if (typeof own.rawJSON === 'function' && typeof own.isRawJSON === 'function') return (api = own as RawJsonApi);
  try {
    setFlagsFromString('--harmony-json-parse-with-source');
    // This thread's context was made before the flag: a new context has the functions, and their raw
    // values are the same kind of value in every context of the process.
    const fresh = runInNewContext('JSON') as Partial<RawJsonApi>;
    if (typeof fresh.rawJSON === 'function' && typeof fresh.isRawJSON === 'function') api = fresh as RawJsonApi;
  } catch {
    api = null;
  }
  return api;
}

/** A JSON number literal (RFC 8259), the only text a raw JSON value may hold for a number. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A number literal in value position that JSON.stringify may write differently: a fraction or an exponent,
 * 16 digits or more, or -0. A text without one reads the same with JSON.parse (strings may match too: then
 * the slower reading just finds nothing).
 */
const MAY_HOLD_NUMBER_TEXT = /[:,[]\s*(?:-?\d+(?:[.eE]|\d{15})|-0\s*[,\]}])/;

export function mayHoldNumberText(jsonText: string): boolean {
  return MAY_HOLD_NUMBER_TEXT.test(jsonText);
}

/** The value a number literal reads as: the number, or its text as a raw JSON value when JavaScript would write it otherwise. */
export function numberWithText(value: number, text: string): JsonValue {
  const raw = rawJsonApi();
  return raw ? numberFromText(value, text, raw) : value;
}

function numberFromText(value: number, text: string, raw: RawJsonApi): JsonValue {
  if (!JSON_NUMBER.test(text) || JSON.stringify(value) === text) return value;
  return raw.rawJSON(text) as JsonValue;
}

/** JSON.parse, with numbers whose text JSON.stringify would change kept as raw JSON values. */
export function parseJsonKeepingNumberText(text: string): JsonValue {
  const raw = mayHoldNumberText(text) ? rawJsonApi() : null;
  if (!raw) return JSON.parse(text) as JsonValue;
  return JSON.parse(text, function reviver(this: unknown, _key: string, value: unknown, context?: { source?: string }) {
    return typeof value === 'number' && typeof context?.source === 'string' ? numberFromText(value, context.source, raw) : value;
  } as (this: unknown, key: string, value: unknown) => unknown) as JsonValue;
}

/**
 * `value` (read from a located document) with each number whose written text JSON.stringify would change
 * as a raw JSON value; `writtenText(pointer)` is the text of the value at an as-written pointer.
 */
export function keepNumberText(value: JsonValue, pointer: string, writtenText: (pointer: string) => string | null): JsonValue {
  const raw = rawJsonApi();
  if (!raw) return value;
  const visit = (node: JsonValue, at: string): JsonValue => {
    if (typeof node === 'number') {
      const text = writtenText(at);
      return text === null ? node : numberFromText(node, text, raw);
    }
    if (Array.isArray(node)) return node.map((item, i) => visit(item, `${at}/${i}`));
    if (isObject(node)) {
      const out: Record<string, JsonValue> = {};
      for (const key of Object.keys(node)) setOwn(out, key, visit(node[key]!, `${at}/${escapePointerToken(key)}`));
      return out;
    }
    return node;
  };
  return visit(value, pointer);
}

/** Whether a value is a number kept as its text (a leaf, though it is an object to JavaScript). */
export function isNumberText(value: unknown): boolean {
  return typeof value === 'object' && value !== null && api != null && api.isRawJSON(value);
}
