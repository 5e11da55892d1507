// A finding's words: one short sentence that says what is wrong (`message`), and the why and the fix
// beside it (`detail`), as ESLint, actionlint and rustc keep their messages to one line.

/** The longest message a finding should have; the corpus and every rule's test table are held to it. */
export const MESSAGE_LIMIT = 120;

// The end of a sentence: ". " (or ! ?) before a capital letter, a quote, a backtick or a bracket.
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z"`(\[])/;

/**
 * Splits a text into its first sentence and the rest. Rules give `detail` themselves; this is the
 * fallback for a stage that still writes one long text, so that the message is one sentence everywhere.
 */
export function splitMessage(text: string): { message: string; detail?: string } {
  const match = SENTENCE_END.exec(text);
  // A message ends without a full stop, as every rule writes one (joinDetail puts it back before a detail).
  const first = (match ? text.slice(0, match.index) : text).replace(/(?<!\.)\.$/, '');
  const rest = match ? text.slice(match.index + match[0].length).trim() : '';
  return rest === '' ? { message: first } : { message: first, detail: rest };
}

/**
 * A message's length as the limit counts it: a quoted value of the config's author (a long replication id,
 * an address) counts as 20 characters, since the sentence around it is what must stay short.
 */
export function judgedLength(message: string): number {
  return message.replace(/"[^"]{20,}"/g, `"${'x'.repeat(18)}"`).length;
}

/** A message and a detail as one text (for formats with a single text field). */
export function joinDetail(message: string, detail: string | undefined): string {
  if (!detail) return message;
  return `${/[.!?]$/.test(message) ? message : `${message}.`} ${detail}`;
}

// Control characters of C0 and C1 and DEL, and the line and paragraph separators: what would let a value
// from an input start a new line of a report (a GitHub workflow command `::warning::` at a line's start)
// or drive the terminal (ESC); and the bidirectional controls (U+202E and its kin), which make a file name
// or a value read otherwise than it is (CVE-2021-42574, "Trojan Source").
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** What jsonText escapes besides what JSON.stringify does: C1, DEL, the separators and the bidi controls. */
const JSON_UNESCAPED = /[\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The bidirectional controls, for formats that escape the other characters their own way. */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A text from an input (a name, a value, a line of a file) as a line-oriented report may print it: every
 * control character written as its escape (`\n`, `\u001b`), so that it can neither start a line nor reach
 * the terminal. Tabs stay.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (ch) => (ch === '\t' ? ch : ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * JSON text of a report. JSON.stringify escapes every control character but leaves the line and paragraph
 * separators (and C1 controls) raw, which some terminals and log viewers break lines at; here they are
 * escaped too, so no value of an input starts a line of the output. The meaning is the same JSON.
 */
export function jsonText(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? 'undefined').replace(JSON_UNESCAPED, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text for an XML attribute or element (JUnit): markup escaped, no control character, no line break. */
export function xmlText(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!)
    // XML 1.0 has no place for most control characters.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    // Line breaks as character references: the same text to an XML reader, and no value starts a line
    // of the output (a `::` workflow command when the report is printed in a GitHub Actions log).
    .replace(/[\n\r\u0085\u2028\u2029]/g, (ch) => `&#${ch.charCodeAt(0)};`)
    .replace(BIDI_CONTROLS, (ch) => `&#${ch.charCodeAt(0)};`);
}
