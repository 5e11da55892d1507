// The planner's view of a config file: its value (keys as written) and the line of any pointer.
// JSON, the gateway's JSON dialect (backtick strings) and YAML. Environment references stay as written:
// the plan quotes the config, it does not run it.
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { joinPointer, type JsonValue } from '../types.js';

export interface ConfigSource {
  value: JsonValue;
  /** 1-based line of the value (or key) at a pointer, null when the pointer is not in the file. */
  lineOf(pointer: string): number | null;
}

export class ConfigSyntaxError extends Error {
  constructor(message: string, readonly line: number) {
    super(message);
  }
}

export function readConfigSource(text: string, file: string): ConfigSource {
  if (/\.ya?ml$/i.test(file)) return readYaml(text);
  return readJsonDialect(text);
}

function readYaml(text: string): ConfigSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (document.errors.length > 0) {
    const error = document.errors[0];
    throw new ConfigSyntaxError(error.message.split('\n')[0], error.linePos?.[0].line ?? 1);
  }
  const lines = new Map<string, number>();
  const walk = (node: unknown, pointer: string, keyLine?: number) => {
    const start = (node as YamlNode | null)?.range?.[0];
    lines.set(pointer, keyLine ?? (start !== undefined ? lineCounter.linePos(start).line : 1));
    if (isMap(node)) {
      for (const item of node.items) {
        const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
        const at = isScalar(item.key) && item.key.range ? lineCounter.linePos(item.key.range[0]).line : undefined;
        walk(item.value, joinPointer(pointer, key), at);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => walk(item, joinPointer(pointer, index)));
    }
  };
  walk(document.contents, '');
  return { value: (document.toJS() ?? null) as JsonValue, lineOf: (pointer) => lines.get(pointer) ?? null };
}

/** A small recursive-descent reader of JSON plus backtick strings, recording the line of every member. */
function readJsonDialect(text: string): ConfigSource {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;
  const fail = (message: string): never => {
    throw new ConfigSyntaxError(message, line);
  };
  const advance = (count = 1) => {
    for (let i = 0; i < count; i++) if (text.charCodeAt(at++) === 10) line++;
  };
  const skipSpace = () => {
    while (at < text.length && /[\s\uFEFF]/.test(text[at])) advance();
  };
  const readString = (): string => {
    const quote = text[at];
    const start = at;
    advance();
    if (quote === '`') {
      const end = text.indexOf('`', at);
      if (end < 0) fail('unterminated backtick string');
      const raw = text.slice(at, end);
      advance(end + 1 - at);
      return raw;
    }
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\') advance();
      advance();
    }
    if (at >= text.length) fail('unterminated string');
    advance();
    try {
      return JSON.parse(text.slice(start, at).replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)) as string;
    } catch {
      return fail('invalid string escape');
    }
  };
  const readValue = (pointer: string, keyLine?: number): JsonValue => {
    skipSpace();
    lines.set(pointer, keyLine ?? line);
    const c = text[at];
    if (c === '{') {
      advance();
      const object: { [key: string]: JsonValue } = {};
      skipSpace();
      if (text[at] === '}') {
        advance();
        return object;
      }
      for (;;) {
        skipSpace();
        if (text[at] !== '"' && text[at] !== '`') fail('expected a quoted key');
        const memberLine = line;
        const key = readString();
        skipSpace();
        if (text[at] !== ':') fail(`expected ":" after "${key}"`);
        advance();
        object[key] = readValue(joinPointer(pointer, key), memberLine);
        skipSpace();
        if (text[at] === ',') {
          advance();
          continue;
        }
        if (text[at] === '}') {
          advance();
          return object;
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      advance();
      const array: JsonValue[] = [];
      skipSpace();
      if (text[at] === ']') {
        advance();
        return array;
      }
      for (;;) {
        array.push(readValue(joinPointer(pointer, array.length)));
        skipSpace();
        if (text[at] === ',') {
          advance();
          continue;
        }
        if (text[at] === ']') {
          advance();
          return array;
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"' || c === '`') return readString();
    const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 64));
    if (!literal) return fail(at >= text.length ? 'unexpected end of file' : `unexpected character "${c}"`);
    advance(literal[0].length);
    return JSON.parse(literal[0]) as JsonValue;
  };
  const value = readValue('');
  skipSpace();
  if (at < text.length) fail('unexpected text after the end of the document');
  return { value, lineOf: (pointer) => lines.get(pointer) ?? null };
}
