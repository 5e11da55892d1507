// From a finding's fix (an operation on the document) to the smallest edit of the text: everything outside
// the edit (backtick strings, other members, indentation, key order, line endings) stays byte for byte.
import type { LocatedDocument } from '../source/index.js';
import { joinPointer, splitPointer, type Fix } from '../types.js';

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The edit that performs `fix` in `text`, or null when the document does not hold what the fix names. */
export function editFor(fix: Fix, text: string, doc: LocatedDocument | null): TextEdit | null {
  // In a file that does not parse there is no document: only text edits apply.
  if (fix.op === 'replace-text') return text.slice(fix.start, fix.end) === fix.removed ? { start: fix.start, end: fix.end, text: fix.text } : null;
  if (!doc) return null;
  switch (fix.op) {
    case 'replace-value': {
      const span = doc.locate(fix.pointer, 'value');
      return span ? { start: span.start, end: span.end, text: JSON.stringify(fix.value) } : null;
    }
    case 'remove-member':
      return removeMember(fix.pointer, text, doc);
    case 'insert-member':
      return insertMember(fix.pointer, fix.key, JSON.stringify(fix.value), text, doc);
    case 'move-member':
      return moveMember(fix.pointer, fix.to, text, doc);
  }
}

/**
 * One edit (never half a move): the member removed and its value, as written, inserted at `to`, inside the
 * objects on the way that do not exist yet. Into the object that holds it, it is rewritten in its place.
 */
function moveMember(pointer: string, to: string, text: string, doc: LocatedDocument): TextEdit | null {
  const key = doc.locate(pointer, 'key');
  const value = doc.locate(pointer, 'value');
  if (!key || !value) return null;
  // Whether a move keeps a database's meaning depends on that database's other keys: text that an alias or
  // a merge key (<<: *defaults) shares with another database could change that one. YAML with an alias
  // anywhere gets no move (a "*" that is no alias only costs the fix).
  if (doc.format === 'yaml' && /(?:^|[\s,[{])\*[^\s,[\]{}]/m.test(text)) return null;
  if (doc.locate(to, 'value')) return removeMember(pointer, text, doc);
  const tokens = splitPointer(to);
  // The deepest object on the way that exists, and the keys still to make below it.
  let depth = tokens.length - 1;
  while (depth > 0 && !doc.locate(joinPointer('', ...tokens.slice(0, depth)), 'value')) depth--;
  const into = joinPointer('', ...tokens.slice(0, depth));
  const [first, ...below] = tokens.slice(depth) as [string, ...string[]];
  // Only a number written as such: a value known at deploy time alone ($SIZE) may read otherwise there.
  const written = text.slice(value.start, value.end);
  if (!/^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(written)) return null;
  const valueText = below.reduceRight((inner, name) => `{${keyText(name, doc.format)}: ${inner}}`, written);
  if (into === joinPointer('', ...splitPointer(pointer).slice(0, -1))) {
    return { start: key.start, end: value.end, text: `${keyText(first, doc.format)}: ${valueText}` };
  }
  // A YAML comment after the value goes with it, to a line of its own (a flow mapping has no place for it).
  const comment = doc.format === 'yaml' ? /^[ \t]+#[^\r\n]*/.exec(text.slice(value.end))?.[0] ?? '' : '';
  const removal = removeMember(pointer, text, doc);
  const insertion = insertMember(into, first, valueText, text, doc, comment);
  if (!removal || !insertion) return null;
  const [earlier, later] = removal.start <= insertion.start ? [removal, insertion] : [insertion, removal];
  if (earlier.end > later.start) return null;
  return { start: earlier.start, end: later.end, text: earlier.text + text.slice(earlier.end, later.start) + later.text };
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** A key as the format writes it: plain in YAML where it can be, else a JSON string. */
function keyText(key: string, format: LocatedDocument['format']): string {
  return format === 'yaml' && /^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key);
}

/** A member and its separator; whole lines when the member has lines of its own. */
function removeMember(pointer: string, text: string, doc: LocatedDocument): TextEdit | null {
  const key = doc.locate(pointer, 'key');
  const value = doc.locate(pointer, 'value');
  if (!key || !value || key.start === value.start) return null;
  let end = value.end;
  let after = end;
  while (isBlank(text[after])) after++;
  const followedByComma = text[after] === ',';
  let start = key.start;
  if (followedByComma) {
    end = after + 1;
  } else {
    // The last member: the comma before it goes with it.
    let before = start - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    if (text[before] === ',') start = before;
  }
  // A member alone on its lines goes with its line break, so no blank line is left behind.
  let lineStart = key.start;
  while (lineStart > 0 && isBlank(text[lineStart - 1])) lineStart--;
  let lineEnd = end;
  while (isBlank(text[lineEnd])) lineEnd++;
  // In YAML a comment after the value belongs to the member's line.
  if (doc.format === 'yaml' && text[lineEnd] === '#') while (lineEnd < text.length && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') lineEnd++;
  const ownLines = (lineStart === 0 || text[lineStart - 1] === '\n') && (lineEnd === text.length || text[lineEnd] === '\n' || text.startsWith('\r\n', lineEnd));
  const newline = text[lineEnd] === '\r' ? 2 : text[lineEnd] === '\n' ? 1 : 0;
  if (ownLines && !followedByComma && start === key.start) {
    // Alone in its object, or a member of a YAML block mapping: its lines go.
    return { start: lineStart, end: lineEnd + newline, text: '' };
  }
  if (ownLines && followedByComma) {
    return { start: lineStart, end: lineEnd + newline, text: '' };
  }
  if (ownLines && start < key.start) {
    // The last member on its own lines: remove from the end of the previous value to the end of this one.
    return { start, end: lineEnd, text: '' };
  }
  if (followedByComma) while (isBlank(text[end])) end++;
  // The line goes on after it: the blanks before it go too, or the line would end in them.
  if (text[end] === '\n' || text[end] === '\r') while (start > 0 && isBlank(text[start - 1])) start--;
  return { start, end, text: '' };
}

/**
 * A member inserted first in an object, laid out like the object's first member (or inline); `comment`, a
 * YAML comment to end its line with, has a place only in a block mapping (elsewhere: no edit).
 */
function insertMember(pointer: string, key: string, valueJson: string, text: string, doc: LocatedDocument, comment = ''): TextEdit | null {
  const object = doc.locate(pointer, 'value');
  if (!object) return null;
  if (doc.format === 'yaml' && text[object.start] !== '{') {
    // A block mapping: a line of its own before the first key, at the same indentation.
    let lineStart = object.start;
    while (lineStart > 0 && isBlank(text[lineStart - 1])) lineStart--;
    // Only a mapping whose first key starts its line (not "- key: …" in a sequence) has a plain indentation.
    if (lineStart > 0 && text[lineStart - 1] !== '\n') return null;
    const indent = text.slice(lineStart, object.start);
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return { start: object.start, end: object.start, text: `${keyText(key, doc.format)}: ${valueJson}${comment}${eol}${indent}` };
  }
  if (text[object.start] !== '{' || comment) return null;
  const member = `${keyText(key, doc.format)}: ${valueJson}`;
  let first = object.start + 1;
  while (first < object.end && /\s/.test(text[first]!)) first++;
  if (text[first] === '}') return { start: object.start + 1, end: object.start + 1, text: member };
  const between = text.slice(object.start + 1, first);
  if (between.includes('\n')) {
    // "{\n    "a": 1" -> "{\n    "replication_id": "r",\n    "a": 1": the first member's line break and indentation.
    return { start: first, end: first, text: `${member},${between}` };
  }
  return { start: first, end: first, text: `${member}, ` };
}

/** The text with the edits applied; overlapping edits after the first are left for the next pass. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  let applied = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
    applied++;
  }
  return { text: out + text.slice(at), applied };
}
