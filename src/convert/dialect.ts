// The converter's reader of the gateway's JSON dialect: the pipeline's expansion and backtick conversion
// (src/source/dialect.ts), plus environment references written bare in number or boolean positions, kept
// as placeholders so they can be written back exactly.
import type { JsonValue } from '../types.js';
import { convertBackticks as convertGatewayBackticks, expandEnvironment as expandGatewayEnvironment } from '../source/dialect.js';

/**
 * Text written unquoted that is kept exactly as written is parsed as a placeholder string: a bare
 * environment reference (`ENV`), or a number JavaScript would write differently (`NUM`). Both share one
 * index space (`bareReferences`); the writer puts the text back.
 */
export const BARE_REFERENCE = /\uE000(?:ENV|NUM)(\d+)\uE000/g;
const placeholder = (i: number) => `\uE000ENV${i}\uE000`;
const numberPlaceholder = (i: number) => `\uE000NUM${i}\uE000`;

export interface DialectParse {
  value: JsonValue;
  /** Raw text of each bare reference and each kept number, by placeholder index. */
  bareReferences: string[];
  /** Offsets of each bare environment reference in the text (only when expansion is off); kept numbers
   * are not among them: the lint reads those as the numbers they are. */
  bareSpans: { start: number; end: number }[];
}

export class DialectError extends Error {}

/**
 * Parse a config in the gateway's dialect. `env` null keeps `$VAR`, `${VAR}`, `$$` as written;
 * otherwise they are expanded with the gateway's rules first (undefined names throw DialectError).
 */
export function parseDialect(text: string, env: Record<string, string | undefined> | null): DialectParse {
  let source = text.startsWith('\uFEFF') ? ' ' + text.slice(1) : text; // keep offsets
  if (env) source = expandEnvironment(source, env);
  const bareReferences: string[] = [];
  const bareSpans: { start: number; end: number }[] = [];
  const masked = maskBareReferences(source, bareReferences, bareSpans);
  const json = convertBackticks(masked);
  try {
    return { value: JSON.parse(json) as JsonValue, bareReferences, bareSpans: env ? [] : bareSpans };
  } catch (error) {
    throw new DialectError(`the file is not valid JSON: ${(error as Error).message}`);
  }
}

/** Is this string exactly a placeholder of a bare environment reference? Returns its index. */
export function bareReferenceIndex(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\uE000ENV(\d+)\uE000$/.exec(value);
  return m ? Number(m[1]) : undefined;
}

/**
 * The value of a number: a number, or the placeholder of a number kept as written (its nearest double).
 * Undefined for anything else.
 */
export function numericValue(value: unknown, bareReferences: readonly string[]): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const m = /^\uE000NUM(\d+)\uE000$/.exec(value);
  const text = m ? bareReferences[Number(m[1])] : undefined;
  return text === undefined ? undefined : Number(text);
}

/** A placeholder that writes `text` (a JSON number) unquoted, exactly as given; its index is added to `bareReferences`. */
export function keepNumberText(text: string, bareReferences: string[]): string {
  bareReferences.push(text);
  return numberPlaceholder(bareReferences.length - 1);
}

/** Would JSON.parse followed by JSON.stringify write this JSON number differently (precision, range, form)? */
export function numberChangesInJavaScript(text: string): boolean {
  return JSON_NUMBER.test(text) && JSON.stringify(JSON.parse(text)) !== text;
}

/**
 * Does a JavaScript number lose the value of this JSON number (9007199254740993, 1e309, 1e-400,
 * 0.10000000000000000001), as opposed to writing it in another form only (1.0e3 is 1000)?
 */
export function numberLosesValue(text: string): boolean {
  if (!JSON_NUMBER.test(text)) return false;
  const a = decimal(text);
  const b = decimal(JSON.stringify(Number(text)));
  return b === null || a!.digits !== b.digits || (a!.digits !== '' && (a!.negative !== b.negative || a!.exponent !== b.exponent));
}

/** A decimal number as sign, significant digits and the exponent of the last digit (zero: no digits). */
function decimal(text: string): { negative: boolean; digits: string; exponent: number } | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  let digits = (m[2]! + fraction).replace(/^0+/, '');
  let exponent = Number(m[4] ?? 0) - fraction.length;
  const trailing = /0*$/.exec(digits)![0].length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return { negative: m[1] === '-', digits, exponent };
}

const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Replace bare tokens holding a `$` (outside strings and backtick regions) by placeholder strings. */
function maskBareReferences(text: string, references: string[], spans: { start: number; end: number }[]): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === '`') {
      const end = endOfBacktick(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (/[\s,:[\]{}]/.test(c)) {
      out += c;
      i++;
    } else {
      let end = i;
      while (end < text.length && !/[\s,:[\]{}"`]/.test(text[end])) end++;
      if (text.slice(i, end).includes('$')) {
        // `${VAR:-default}` holds a colon: take the whole braced reference.
        const braced = /^[^\s,[\]{}"`]*\$\{[^}]*\}[^\s,:[\]{}"`]*/.exec(text.slice(i, i + 1000));
        if (braced) end = Math.max(end, i + braced[0].length);
      }
      const token = text.slice(i, end);
      // A number JavaScript would write differently (9007199254740993, 1e309, 1e-400, 1.0) is kept as its
      // text, like a bare reference: the gateway's decoder reads the text, and a conversion must not change it.
      if (token.includes('$')) {
        references.push(token);
        spans.push({ start: i, end });
        out += JSON.stringify(placeholder(references.length - 1));
      } else if (numberChangesInJavaScript(token)) {
        out += JSON.stringify(keepNumberText(token, references));
      } else {
        out += token;
      }
      i = end;
    }
  }
  return out;
}

function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return text.length;
}

/** A backtick region closes at the first later backtick with content before it and no backslash right before it. */
function endOfBacktick(text: string, start: number): number {
  for (let i = start + 2; i < text.length; i++) {
    if (text[i] === '`' && text[i - 1] !== '\\') return i + 1;
  }
  return text.length;
}

/** Backtick strings to JSON strings, exactly as the gateway (and lint) convert them (reference 1.2). */
export function convertBackticks(text: string): string {
  return convertGatewayBackticks(text).text;
}

/** The gateway's environment expansion (reference 1.3); undefined names throw DialectError. */
export function expandEnvironment(text: string, env: Record<string, string | undefined>): string {
  const expanded = expandGatewayEnvironment(text, env);
  const names = [...new Set(expanded.undefinedVariables.map((u) => u.name))];
  if (names.length > 0) throw new DialectError(`undefined environment variable${names.length > 1 ? 's' : ''}: ${names.join(', ')}`);
  return expanded.text;
}

/** Does a string hold an environment reference the gateway would expand (`$$` included)? */
/**
 * The value the gateway reads from a string whose only `$` sequences are `$$` escapes (each one `$`, as
 * os.Expand reads them); null when the string holds a real reference, whose value only the deployment knows.
 */
export function withDollarEscapesRead(s: string): string | null {
  const unescaped = s.replace(/\$\$/g, '');
  if (hasEnvironmentReference(unescaped)) return null;
  return s.replace(/\$\$/g, '$');
}

export function hasEnvironmentReference(s: string): boolean {
  return /\$(\$|\{|[A-Za-z0-9_*#@!?-])/.test(s);
}
