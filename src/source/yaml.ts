// YAML sources: the same located document as JSON, built from the `yaml` package's AST.
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { escapePointerToken, setOwn, type JsonValue } from '../types.js';
import { JsonSyntaxError, MAX_NESTING, placeholderAt, placeholderMessage, type DuplicateKey, type JsonParseResult, type LocNode, type NoJsonForm, type WrittenNumber } from './json.js';

export interface YamlLocNode extends LocNode {
  /** The scalar's style, for mapping string indexes back to the source. */
  scalarType?: string;
}

export function parseYamlWithLocations(text: string): JsonParseResult {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false, strict: true });
  const firstError = doc.errors[0];
  if (firstError) {
    const [start, end] = firstError.pos;
    // The yaml package is recursive too: nesting deep enough to exhaust its stack comes back as an error.
    if (/Maximum call stack size exceeded/.test(firstError.message)) {
      throw new JsonSyntaxError(`the document is nested too deeply for sgconf to read (more than ${MAX_NESTING} levels are refused; a gateway config nests about 10)`, start, Math.max(1, end - start), 'source/too-deep');
    }
    const placeholder = placeholderAt(text, start);
    if (placeholder) throw new JsonSyntaxError(placeholderMessage(placeholder), start, placeholder.length);
    throw new JsonSyntaxError(`YAML: ${firstError.message.split('\n')[0]}`, start, Math.max(1, end - start));
  }
  if (doc.contents === null) throw new JsonSyntaxError('the file is empty: a mapping was expected', 0, 0);
  const duplicates: DuplicateKey[] = [];
  const noJsonForm = new Map<number, NoJsonForm>();
  const writtenNumbers: WrittenNumber[] = [];
  const built = build({ text, doc, duplicates, noJsonForm, writtenNumbers, depth: 0, aliases: 0, expanding: new Set() }, doc.contents as YamlNode, '');
  return { value: built.value, root: built.node, duplicates, trailing: null, noJsonForm: [...noJsonForm.values()], ...(writtenNumbers.length > 0 ? { writtenNumbers } : {}) };
}

/**
 * Aliases expanded in one document at most (the yaml package's own default): a few anchors that alias each
 * other nine times over expand to billions of nodes (the "billion laughs").
 */
export const MAX_ALIASES = 100;

/**
 * The tags a node may carry: those of JSON's types (YAML 1.2's core schema) and the non-specific `!` (a
 * string). Every other tag, a local one such as `!include` or one of YAML 1.1's such as `!!binary`, has
 * no JSON form: a config is JSON, which the gateway decodes and `sgconf build` writes.
 */
const JSON_TAGS = new Set(['!', ...['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((type) => `tag:yaml.org,2002:${type}`)]);

/** What is wrong with a node's tag (the tag as written, found before `valueStart`), or null for none or a JSON type's. */
export function nonJsonTag(text: string, tag: string | undefined, valueStart: number): { message: string; start: number; length: number } | null {
  if (tag === undefined || JSON_TAGS.has(tag)) return null;
  const written = tagBefore(text, valueStart);
  return {
    message: `YAML: the tag ${written?.source ?? tag} has no JSON form, and sgconf reads JSON's types only`,
    start: written?.start ?? valueStart,
    length: written?.source.length ?? 1,
  };
}

interface BuildState {
  text: string;
  doc: Document;
  duplicates: DuplicateKey[];
  /** Tags and keys with no JSON form, where they are written (each once, though an alias repeats its node). */
  noJsonForm: Map<number, NoJsonForm>;
  /**
   * Integers past JavaScript's exact ones, as written: `sgconf build` writes them so, and Go's decoder reads
   * them up to its field's 64 bits (src/schema/go-numbers.ts).
   */
  writtenNumbers: WrittenNumber[];
  depth: number;
  aliases: number;
  /** Anchored nodes being expanded: an alias to one of them refers to its own container. */
  expanding: Set<YamlNode>;
}

function build(state: BuildState, node: YamlNode, pointer: string): { value: JsonValue; node: YamlLocNode } {
  const [start, valueEnd] = node.range ?? [0, 0, 0];
  if (isAlias(node)) {
    const target = node.resolve(state.doc) as YamlNode | undefined;
    if (!target) throw new JsonSyntaxError(`YAML: the alias *${node.source} refers to no anchor (&${node.source} must come before it)`, start, Math.max(1, valueEnd - start), 'source/yaml-aliases');
    if (state.expanding.has(target)) throw new JsonSyntaxError(`YAML: the alias *${node.source} refers to a node that contains it, so its value would be infinite`, start, Math.max(1, valueEnd - start), 'source/yaml-aliases');
    if (++state.aliases > MAX_ALIASES) throw new JsonSyntaxError(`YAML: more than ${MAX_ALIASES} aliases are expanded in this document: sgconf stops here (aliases of aliases grow without bound)`, start, Math.max(1, valueEnd - start), 'source/yaml-aliases');
    state.expanding.add(target);
    const inner = build(state, target, pointer);
    state.expanding.delete(target);
    return { value: inner.value, node: { ...inner.node, start, end: valueEnd } };
  }
  if ((isMap(node) || isSeq(node)) && state.depth >= MAX_NESTING) {
    throw new JsonSyntaxError(`the document is nested more than ${MAX_NESTING} levels deep here: sgconf reads no deeper (a gateway config nests about 10)`, start, 1, 'source/too-deep');
  }
  noteTag(state, node.tag, start);
  state.depth++;
  try {
    return buildNode(state, node, pointer, start, valueEnd);
  } finally {
    state.depth--;
  }
}

function buildNode(state: BuildState, node: YamlNode, pointer: string, start: number, valueEnd: number): { value: JsonValue; node: YamlLocNode } {
  const { duplicates } = state;
  if (isMap(node)) {
    const value: { [k: string]: JsonValue } = {};
    const children = new Map<string, LocNode>();
    // The keys written in this mapping: a merged key (<<) never replaces one, wherever it is written.
    const written = new Set<string>();
    for (const pair of node.items) if (isPair(pair) && !isMergeKey(pair.key)) written.add(keyText(pair.key as YamlNode | null));
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as YamlNode | null;
      if (isMergeKey(keyNode)) {
        mergeInto(state, pair.value as YamlNode | null, keyNode!, pointer, { value, children, written });
        continue;
      }
      if (keyNode) noteTag(state, keyNode.tag, keyNode.range?.[0] ?? start);
      const key = keyText(keyNode);
      const childPointer = pointer + '/' + escapePointerToken(key);
      const collectionKey = collectionKeyProblem(state.text, keyNode, start);
      if (collectionKey) {
        state.noJsonForm.set(collectionKey.start, { message: collectionKey.message, span: { start: collectionKey.start, end: collectionKey.start + collectionKey.length }, rule: 'source/syntax', madeUpMember: childPointer });
      }
      const member = pair.value
        ? build(state, pair.value as YamlNode, childPointer)
        : { value: null as JsonValue, node: { start: keyNode?.range?.[1] ?? start, end: keyNode?.range?.[1] ?? start } as YamlLocNode };
      if (keyNode?.range) {
        member.node.keyStart = keyNode.range[0];
        member.node.keyEnd = keyNode.range[1];
      }
      const earlier = children.get(key);
      if (earlier) {
        duplicates.push({ key, parentPointer: pointer, span: { start: earlier.keyStart ?? earlier.start, end: earlier.keyEnd ?? earlier.end } });
        children.delete(key);
        delete value[key];
      }
      children.set(key, member.node);
      setOwn(value, key, member.value);
    }
    return { value, node: { start, end: valueEnd, children } };
  }
  if (isSeq(node)) {
    const value: JsonValue[] = [];
    const children: LocNode[] = [];
    node.items.forEach((item, i) => {
      const built = build(state, item as YamlNode, pointer + '/' + i);
      value.push(built.value);
      children.push(built.node);
    });
    return { value, node: { start, end: valueEnd, children } };
  }
  if (isScalar(node)) {
    let value = node.value as unknown;
    if (value === undefined) value = null;
    value = floatTagged(node.tag, value);
    // !!binary (refused above): its text, not an object of bytes.
    if (value instanceof Uint8Array) value = node.source ?? '';
    if (typeof value === 'bigint') value = Number(value);
    const written = node.source?.replace(/^\+/, '');
    if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && written !== undefined && /^-?\d+$/.test(written)) {
      state.writtenNumbers.push({ pointer, raw: written, value });
    }
    if (value instanceof Date) value = value.toISOString();
    return { value: value as JsonValue, node: { start, end: valueEnd, scalarType: node.type } };
  }
  return { value: null, node: { start, end: valueEnd } };
}

/** Records a tag with no JSON form at the place it is written, once (an alias builds its node again). */
function noteTag(state: BuildState, tag: string | undefined, valueStart: number): void {
  const problem = nonJsonTag(state.text, tag, valueStart);
  if (problem) state.noJsonForm.set(problem.start, { message: problem.message, span: { start: problem.start, end: problem.start + problem.length } });
}

/**
 * What is wrong with a mapping key that is itself a mapping or a list (`? [a, b]`), or null: JSON's keys are
 * strings. A template's placeholder (`revs_limit: {{ revs }}`) reads as such a key: a flow mapping whose key
 * is a flow mapping, both opened at `mapStart`.
 */
export function collectionKeyProblem(text: string, key: unknown, mapStart: number): { message: string; start: number; length: number } | null {
  if (!isMap(key) && !isSeq(key)) return null;
  const placeholder = placeholderAt(text, mapStart);
  if (placeholder) return { message: placeholderMessage(placeholder), start: mapStart, length: placeholder.length };
  const [start, end] = key.range ?? [mapStart, mapStart + 1];
  return { message: 'YAML: a key that is a mapping or a list has no JSON form (JSON keys are strings)', start, length: Math.max(1, end - start) };
}

/** `!!float 3` is the number 3: the yaml package leaves a float tag's integer text a string. */
export function floatTagged(tag: string | undefined, value: unknown): unknown {
  return tag === 'tag:yaml.org,2002:float' && typeof value === 'string' && /^[-+]?[0-9]+$/.test(value) ? Number(value) : value;
}

/** The tag written before a node's value (`!include`, `!!binary`), past an anchor written between them. */
function tagBefore(text: string, valueStart: number): { source: string; start: number } | null {
  let end = valueStart;
  for (let token = 0; token < 2; token++) {
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
    let start = end;
    // A verbatim tag (!<tag:yaml.org,2002:binary>) may hold any of them: it starts at its "!<".
    const verbatim = text[end - 1] === '>' ? text.lastIndexOf('!<', end - 1) : -1;
    if (verbatim >= 0 && !/\s/.test(text.slice(verbatim, end))) start = verbatim;
    // A tag or an anchor ends at white space or at a flow collection's brackets and commas.
    else while (start > 0 && !/[\s[\]{},]/.test(text[start - 1]!)) start--;
    if (text[start] === '!') return { source: text.slice(start, end), start };
    end = start;
  }
  return null;
}

function keyText(keyNode: YamlNode | null): string {
  return keyNode && isScalar(keyNode) ? String(keyNode.value) : keyNode ? String(keyNode) : '';
}

/**
 * YAML's merge key (https://yaml.org/type/merge.html, YAML 1.1, kept by most YAML tools): a plain `<<`
 * whose value is a mapping, an alias of one, or a list of them. A quoted "<<" is an ordinary key.
 */
function isMergeKey(keyNode: unknown): boolean {
  return isScalar(keyNode) && keyNode.value === '<<' && (keyNode.type === undefined || keyNode.type === 'PLAIN');
}

/**
 * Adds the members of a merge key's mappings that the mapping does not have: not those written in it
 * (they win wherever they stand), nor those an earlier mapping of the list gave. Each member keeps its
 * place in the text (where it is written, inside the anchored mapping), so a finding points where the
 * value can be changed; the mappings' aliases count towards MAX_ALIASES as any alias does.
 */
function mergeInto(state: BuildState, source: YamlNode | null, keyNode: YamlNode, pointer: string, into: { value: { [k: string]: JsonValue }; children: Map<string, LocNode>; written: Set<string> }): void {
  const sources = source && isSeq(source) ? (source.items as YamlNode[]) : [source];
  for (const item of sources) {
    // A merge key with nothing after it is reported at the key.
    const [start, end] = item?.range && item.range[1] > item.range[0] ? item.range : keyNode.range ?? [0, 0];
    const merged = item ? build(state, item, pointer) : null;
    const members = merged?.node.children;
    if (!merged || !(members instanceof Map)) {
      throw new JsonSyntaxError('YAML: a merge key (<<) takes a mapping, an alias of one or a list of them', start, Math.max(1, end - start));
    }
    const mergedValue = merged.value as { [k: string]: JsonValue };
    for (const [key, member] of members) {
      if (into.written.has(key) || into.children.has(key)) continue;
      into.children.set(key, member);
      setOwn(into.value, key, mergedValue[key]!);
    }
  }
}

/** Offset in the YAML text of the character at `index` of a string scalar's decoded value. */
export function yamlStringIndexToOffset(text: string, node: YamlLocNode, index: number): number {
  const { start, end } = node;
  const type = node.scalarType;
  if (type === 'BLOCK_LITERAL' || type === 'BLOCK_FOLDED') return blockIndexToOffset(text, start, end, index);
  if (type === 'QUOTE_DOUBLE') return quotedIndexToOffset(text, start + 1, end - 1, index, true);
  if (type === 'QUOTE_SINGLE') return quotedIndexToOffset(text, start + 1, end - 1, index, false);
  return plainIndexToOffset(text, start, end, index);
}

function blockIndexToOffset(text: string, start: number, end: number, index: number): number {
  // Header line (`|`, `|-`, `>2` ...) then content lines, each with the block's indentation removed.
  let pos = text.indexOf('\n', start);
  if (pos < 0 || pos >= end) return start;
  pos++;
  // The indentation is that of the first non-blank content line (an explicit indicator such as `|2` is
  // rare in configs and not honoured: positions then land a few columns off, never outside the scalar).
  let indent = -1;
  let decoded = 0;
  while (pos < end) {
    // Measure this line's indentation.
    let lineStart = pos;
    let spaces = 0;
    while (text.charCodeAt(lineStart + spaces) === 32) spaces++;
    const lineEnd = (() => {
      const nl = text.indexOf('\n', pos);
      return nl < 0 || nl > end ? end : nl;
    })();
    const blank = lineStart + spaces >= lineEnd || text.charCodeAt(lineStart + spaces) === 13;
    if (indent < 0 && !blank) indent = spaces;
    const contentStart = blank ? Math.min(lineStart + Math.max(indent, 0), lineEnd) : lineStart + Math.max(indent, 0);
    const lineLength = Math.max(0, lineEnd - contentStart - (text.charCodeAt(lineEnd - 1) === 13 ? 1 : 0));
    if (index < decoded + lineLength) return contentStart + (index - decoded);
    decoded += lineLength;
    if (index === decoded) return lineEnd; // the line break itself
    decoded += 1;
    pos = lineEnd + 1;
  }
  return end;
}

function quotedIndexToOffset(text: string, start: number, end: number, index: number, double: boolean): number {
  let decoded = 0;
  let pos = start;
  while (pos < end) {
    if (decoded >= index) return pos;
    const c = text.charCodeAt(pos);
    if (double && c === 92) {
      const e = text[pos + 1];
      pos += e === 'x' ? 4 : e === 'u' ? 6 : e === 'U' ? 10 : 2;
    } else if (!double && c === 39 && text.charCodeAt(pos + 1) === 39) {
      pos += 2;
    } else if (c === 10) {
      // Line folding: the break and the next line's indentation become one space (or a newline after an empty line).
      pos++;
      while (pos < end && (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9)) pos++;
    } else {
      pos++;
    }
    decoded++;
  }
  return pos;
}

function plainIndexToOffset(text: string, start: number, end: number, index: number): number {
  return quotedIndexToOffset(text, start, end, index, false);
}
