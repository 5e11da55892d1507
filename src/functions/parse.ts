// Parse a function source the way the gateway's engine sees it (reference 6.1): otto is ES5.1 only, and the
// gateway evaluates '(' + source + ')', which must produce a function. A plain ES5 function is parsed in
// place; anything else is parsed with a recent ecmaVersion so that ES2015+ syntax can be named, then with
// ecmaVersion 5 to catch what is left.
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import type { Node } from 'acorn';

import { forEachChild } from './analysis.js';
import type { OttoSyntaxError, OttoVerdict } from './otto-syntax.js';
import type { JsNode } from './types.js';

export type { JsNode };

export type ParseProblemRule = 'functions/syntax-error' | 'functions/es2015-syntax' | 'functions/not-a-function' | 'functions/too-deep';

export interface ParseProblem {
  rule: ParseProblemRule;
  message: string;
  /** Why, and the fix. */
  detail?: string;
  /** Offsets inside the source (end exclusive). */
  start: number;
  end: number;
}

export interface ParseOutcome {
  /** The function expression the gateway would call; also set when only trailing text breaks the source. */
  functionNode: JsNode | null;
  problems: ParseProblem[];
}

const LATEST: acorn.Options = { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: false };
const ES5: acorn.Options = { ecmaVersion: 5, sourceType: 'script' };
const MAX_CONSTRUCTS = 20;
const ENGINE = "The gateway's JavaScript engine (otto) supports only ES5.1.";
const WRAP = "The gateway evaluates '(' + source + ')' and needs exactly one function expression.";

/**
 * Brackets nested deeper than this are refused before acorn reads the function (functions/too-deep):
 * acorn's parser is recursive, and near the stack limit V8 aborts the whole process inside a regular
 * expression instead of throwing (about 500 nested parentheses). A sync function nests about 10 levels.
 */
export const MAX_FUNCTION_NESTING = 200;

/** The offset where bracket nesting first exceeds the limit, or -1 (strings and comments skipped). */
export function excessiveNesting(source: string, limit = MAX_FUNCTION_NESTING): number {
  // Nesting never exceeds the number of opening brackets: most functions have fewer than the limit, and
  // counting them with the native indexOf costs far less than the scan below.
  let opening = 0;
  for (const bracket of ['(', '[', '{']) {
    for (let at = source.indexOf(bracket); at >= 0 && opening <= limit; at = source.indexOf(bracket, at + 1)) opening++;
  }
  if (opening <= limit) return -1;
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 41 || c === 93 || c === 125) {
      depth--;
    } else if (c === 34 || c === 39 || c === 96) {
      // A string: up to its closing quote, escapes skipped.
      for (i++; i < source.length && source.charCodeAt(i) !== c; i++) if (source.charCodeAt(i) === 92) i++;
    } else if (c === 47 && source.charCodeAt(i + 1) === 47) {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end;
    } else if (c === 47 && source.charCodeAt(i + 1) === 42) {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 1;
    }
  }
  return -1;
}

/**
 * `else if` chains nest without brackets: acorn recurses once per branch, and thousands of branches bring
 * V8 near its stack limit, where it can abort the process instead of throwing. Past this many, sgconf does
 * not parse the function itself; otto's parser (in a thread with a large stack) still judges it.
 */
const MAX_ELSE_BRANCHES = 2000;

function tooManyElseBranches(source: string): boolean {
  let count = 0;
  for (let at = source.indexOf('else'); at >= 0; at = source.indexOf('else', at + 4)) if (++count > MAX_ELSE_BRANCHES) return true;
  return false;
}

export function parseFunctionSource(source: string): ParseOutcome {
  if (tooManyElseBranches(source)) return { functionNode: null, problems: [] };
  const tooDeep = excessiveNesting(source);
  if (tooDeep >= 0) {
    return { functionNode: null, problems: [{ rule: 'functions/too-deep', message: `brackets nest more than ${MAX_FUNCTION_NESTING} levels deep here, so sgconf does not parse the function`, detail: 'A gateway function nests about 10 levels.', start: tooDeep, end: tooDeep + 1 }] };
  }
  // Fast path: almost every function is valid ES5 and nothing but one function expression. acorn then
  // parses it in place (offsets already in source coordinates, no second walk to shift them); no
  // ES2015 construct can be in it. Anything else (including a valid function followed by a comment, or
  // in parentheses) goes through the slower path below, which names its problems.
  try {
    const expression = acorn.parseExpressionAt(source, 0, ES5) as JsNode;
    if (expression.type === 'FunctionExpression' && /^\s*$/.test(source.slice(expression.end))) {
      return { functionNode: expression, problems: [] };
    }
  } catch {
    // not ES5, or not one expression: diagnosed below
  }
  const wrapped = '(' + source + ')';
  let program: JsNode | null = null;
  let wrappedError: SyntaxErrorLike | null = null;
  try {
    program = acorn.parse(wrapped, LATEST) as JsNode;
  } catch (error) {
    wrappedError = asSyntaxError(error);
  }

  if (program) {
    shiftOffsets(program, -1);
    const problems: ParseProblem[] = [];
    const body = program.body as JsNode[];
    const expression = body.length === 1 && body[0]!.type === 'ExpressionStatement' ? (body[0]!.expression as JsNode) : null;
    if (!expression) {
      // Only possible when the source closes the parenthesis itself, e.g. "f); (g".
      problems.push({ rule: 'functions/not-a-function', message: 'the source is several statements, not one function', detail: WRAP, start: 0, end: source.length });
      return { functionNode: null, problems };
    }
    const isFunction = expression.type === 'FunctionExpression' || expression.type === 'ArrowFunctionExpression';
    if (!isFunction) {
      problems.push({
        rule: 'functions/not-a-function',
        message: `the source is ${describeExpression(expression)}, not a function`,
        detail: WRAP,
        start: expression.start, end: expression.end,
      });
    }
    const constructs = findEs2015Constructs(program);
    for (const c of constructs) problems.push(c);
    if (constructs.length === 0 && isFunction) {
      // Anything ES5 rejects that has no ES2015 construct name (trailing commas in calls, regular
      // expression features, reserved words, ...).
      try {
        acorn.parse(wrapped, ES5);
      } catch (error) {
        const e = asSyntaxError(error);
        if (e) problems.push(syntaxProblem(shiftError(e, -1, source.length), source, `${e.reason} (ES5.1, the only language level of the gateway's engine, otto)`));
      }
    }
    return { functionNode: isFunction ? expression : null, problems };
  }

  return diagnoseUnparsable(source, wrappedError);
}

/** Why '(' + source + ')' does not parse, in the words a user needs. */
function diagnoseUnparsable(source: string, wrappedError: SyntaxErrorLike | null): ParseOutcome {
  if (!/\S/.test(source)) {
    // Reached only where the release compiles a blank value instead of reading it as unset.
    return { functionNode: null, problems: [{ rule: 'functions/not-a-function', message: 'the source is blank, not a function', detail: WRAP, start: 0, end: source.length }] };
  }
  let leading: JsNode | null = null;
  try {
    leading = acorn.parseExpressionAt(source, 0, LATEST) as JsNode;
  } catch {
    leading = null;
  }

  if (leading && (leading.type === 'FunctionExpression' || leading.type === 'ArrowFunctionExpression')) {
    const problems = findEs2015Constructs(leading);
    const rest = nextToken(source, leading.end);
    if (rest === null) {
      // Nothing but comments after the function: a '//' comment on the last line swallows the ')'.
      problems.push({
        rule: 'functions/not-a-function',
        message: 'the source ends in a // comment without a line break, which comments out the closing parenthesis',
        detail: `${WRAP} End the source with a line break or remove the comment.`,
        start: lastLineCommentStart(source, leading.end), end: source.length,
      });
    } else {
      const hint = rest.text === ';' ? 'Remove the semicolon after the function.'
        : rest.text === '(' ? 'The function is called immediately; the gateway needs the function itself.'
        : 'Remove the text after the function.';
      problems.push({
        rule: 'functions/not-a-function',
        message: `unexpected ${JSON.stringify(rest.text)} after the end of the function`,
        detail: `${WRAP} ${hint}`,
        start: rest.start, end: rest.end,
      });
    }
    return { functionNode: leading, problems };
  }

  if (leading || parsesAsStatements(source)) {
    const start = firstTokenStart(source);
    const what = leading && leading.end >= source.trimEnd().length ? describeExpression(leading) : 'JavaScript statements';
    return {
      functionNode: null,
      problems: [{ rule: 'functions/not-a-function', message: `the source is ${what}, not a function`, detail: WRAP, start, end: Math.max(start + 1, source.trimEnd().length) }],
    };
  }

  if (wrappedError) {
    return { functionNode: null, problems: [syntaxProblem(shiftError(wrappedError, -1, source.length), source, wrappedError.reason)] };
  }
  return { functionNode: null, problems: [{ rule: 'functions/syntax-error', message: 'the source does not parse', start: 0, end: source.length }] };
}

interface SyntaxErrorLike {
  reason: string;
  pos: number;
}

function asSyntaxError(error: unknown): SyntaxErrorLike | null {
  if (!(error instanceof SyntaxError)) return null;
  const pos = (error as SyntaxError & { pos?: number }).pos;
  return { reason: error.message.replace(/ \(\d+:\d+\)$/, ''), pos: typeof pos === 'number' ? pos : 0 };
}

function shiftError(e: SyntaxErrorLike, delta: number, length: number): SyntaxErrorLike {
  return { reason: e.reason, pos: Math.min(Math.max(e.pos + delta, 0), length) };
}

function syntaxProblem(e: SyntaxErrorLike, source: string, message: string): ParseProblem {
  const start = Math.min(e.pos, source.length);
  return { rule: 'functions/syntax-error', message: `syntax error: ${message}`, start, end: Math.min(start + 1, source.length) };
}

function parsesAsStatements(source: string): boolean {
  try {
    acorn.parse(source, { ...LATEST, allowReturnOutsideFunction: true });
    return true;
  } catch {
    return false;
  }
}

/** The next token at or after `offset` (comments and white space skipped), or null at the end. */
function nextToken(source: string, offset: number): { text: string; start: number; end: number } | null {
  try {
    const tokenizer = acorn.tokenizer(source.slice(offset), LATEST);
    const token = tokenizer.getToken();
    if (token.type === acorn.tokTypes.eof) return null;
    return { text: source.slice(offset + token.start, offset + token.end), start: offset + token.start, end: offset + token.end };
  } catch {
    const start = offset + (source.slice(offset).search(/\S/) === -1 ? 0 : source.slice(offset).search(/\S/));
    return { text: source.slice(start, start + 1), start, end: start + 1 };
  }
}

function firstTokenStart(source: string): number {
  const token = nextToken(source, 0);
  return token ? token.start : 0;
}

function lastLineCommentStart(source: string, from: number): number {
  const index = source.lastIndexOf('//');
  return index >= from ? index : from;
}

function describeExpression(node: JsNode): string {
  switch (node.type) {
    case 'Identifier': return `the identifier \`${node.name}\``;
    case 'Literal': return typeof node.value === 'string' ? 'a string literal' : `the literal ${node.raw}`;
    case 'MemberExpression': return 'a property access (a file path that does not exist reads as one)';
    case 'CallExpression': return node.callee.type === 'FunctionExpression'
      ? 'an immediately-invoked function (the result of calling it)' : 'a function call';
    case 'ObjectExpression': return 'an object literal';
    case 'SequenceExpression': return 'several comma-separated expressions';
    case 'BinaryExpression': return node.operator === '/' ? 'a division (a file path that does not exist reads as one)' : 'an arithmetic expression';
    case 'ClassExpression': return 'a class';
    default: return `an expression (${node.type})`;
  }
}

/** Shift every start/end in a tree (acorn nodes of the wrapped text back to source offsets). */
function shiftOffsets(root: JsNode, delta: number): void {
  const visit = (node: JsNode): void => {
    node.start += delta;
    node.end += delta;
    forEachChild(node, visit);
  };
  visit(root);
}

// ---------------------------------------------------------------------------------------------------------------
// ES2015+ constructs, each named with its position.

function construct(node: JsNode, name: string, start = node.start, end = node.end): ParseProblem {
  return { rule: 'functions/es2015-syntax', message: `${name} is not ES5`, detail: ENGINE, start, end };
}

/** Spans longer than a line are cut to the first token-ish part so the report stays readable. */
function head(node: JsNode, length: number): [number, number] {
  return [node.start, Math.min(node.end, node.start + length)];
}

function findEs2015Constructs(root: Node): ParseProblem[] {
  const found: ParseProblem[] = [];
  const add = (p: ParseProblem) => {
    if (found.length < MAX_CONSTRUCTS) found.push(p);
  };
  walk.fullAncestor(root, (raw, _state, ancestors) => {
    const node = raw as JsNode;
    const parent = ancestors[ancestors.length - 2] as JsNode | undefined;
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.kind !== 'var') add(construct(node, `a \`${node.kind}\` declaration`, ...head(node, node.kind.length)));
        break;
      case 'ArrowFunctionExpression':
        add(construct(node, 'an arrow function (=>)', node.start, node.body.start));
        break;
      case 'FunctionExpression':
      case 'FunctionDeclaration':
        if (node.async) add(construct(node, 'an async function', ...head(node, 5)));
        if (node.generator) add(construct(node, 'a generator function (function*)', ...head(node, 9)));
        break;
      case 'TemplateLiteral':
        if (parent?.type !== 'TaggedTemplateExpression') add(construct(node, 'a template literal (`...`)', ...head(node, 1)));
        break;
      case 'TaggedTemplateExpression':
        add(construct(node, 'a tagged template literal', ...head(node, node.quasi.start - node.start + 1)));
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        add(construct(node, 'a class', ...head(node, 5)));
        break;
      case 'SpreadElement':
        add(construct(node, 'spread syntax (...)', ...head(node, 3)));
        break;
      case 'RestElement':
        add(construct(node, isFunction(parent) ? 'a rest parameter (...)' : 'a rest element (...)', ...head(node, 3)));
        break;
      case 'AssignmentPattern':
        add(construct(node, isFunction(parent) ? 'a default parameter value' : 'a default value in destructuring', node.left.end, node.right.start));
        break;
      case 'ObjectPattern':
      case 'ArrayPattern':
        if (parent?.type !== 'AssignmentPattern' || parent.left !== node) {
          add(construct(node, node.type === 'ObjectPattern' ? 'object destructuring' : 'array destructuring', ...head(node, 1)));
        }
        break;
      case 'ForOfStatement':
        add(construct(node, node.await ? 'a for await...of loop' : 'a for...of loop', ...head(node, 3)));
        break;
      case 'Property':
        if (parent?.type === 'ObjectExpression') {
          if (node.shorthand) add(construct(node, `a shorthand property ({ ${node.key.name} })`));
          else if (node.method) add(construct(node, 'a shorthand method', node.key.start, node.key.end));
          else if (node.computed) add(construct(node, 'a computed property name ([...])', node.key.start - 1, node.key.end + 1));
        }
        break;
      case 'ChainExpression':
        add(construct(node, 'optional chaining (?.)'));
        break;
      case 'LogicalExpression':
        if (node.operator === '??') add(construct(node, 'the nullish coalescing operator (??)', node.left.end, node.right.start));
        break;
      case 'BinaryExpression':
        if (node.operator === '**') add(construct(node, 'the exponent operator (**)', node.left.end, node.right.start));
        break;
      case 'AssignmentExpression':
        if (['**=', '&&=', '||=', '??='].includes(node.operator)) {
          add(construct(node, `the ${node.operator} operator`, node.left.end, node.right.start));
        }
        break;
      case 'MetaProperty':
        add(construct(node, `\`${node.meta.name}.${node.property.name}\``));
        break;
      case 'ImportExpression':
        add(construct(node, 'import()'));
        break;
      case 'AwaitExpression':
      case 'YieldExpression':
        break; // reported with their async/generator function
      case 'CatchClause':
        if (!node.param) add(construct(node, 'a catch clause without a binding', ...head(node, 5)));
        break;
      case 'Literal':
        literalConstructs(node, add);
        break;
    }
  });
  found.sort((a, b) => a.start - b.start);
  return found;
}

function literalConstructs(node: JsNode, add: (p: ParseProblem) => void): void {
  if (node.bigint !== undefined) {
    add(construct(node, 'a BigInt literal'));
    return;
  }
  const raw: string = node.raw ?? '';
  if (node.regex) {
    const late = [...(node.regex.flags as string)].filter((f) => 'uysdv'.includes(f));
    if (late.length > 0) add(construct(node, `the regular expression flag${late.length > 1 ? 's' : ''} ${late.join(', ')}`));
    return;
  }
  if (typeof node.value === 'number') {
    if (/^0[bB]/.test(raw)) add(construct(node, 'a binary literal (0b...)'));
    else if (/^0[oO]/.test(raw)) add(construct(node, 'an octal literal (0o...)'));
    else if (raw.includes('_')) add(construct(node, 'a numeric separator (_)'));
    return;
  }
  if (typeof node.value === 'string' && /\\u\{/.test(raw)) add(construct(node, 'a Unicode code point escape (\\u{...})'));
}

function isFunction(node: JsNode | undefined): boolean {
  return !!node && (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration' || node.type === 'ArrowFunctionExpression');
}

/**
 * The outcome as otto decides it (src/functions/otto-syntax.ts): a function otto reads has no syntax
 * error, whatever acorn said; one otto refuses has otto's error at otto's place, unless the outcome
 * already names why (an ES2015 construct, a value that is no function).
 */
export function reconcileWithOtto(outcome: ParseOutcome, verdict: OttoVerdict | undefined, source: string): ParseOutcome {
  if (verdict === undefined) return outcome;
  if (verdict === null) {
    const problems = outcome.problems.filter((p) => p.rule !== 'functions/syntax-error');
    return problems.length === outcome.problems.length ? outcome : { ...outcome, problems };
  }
  if (outcome.problems.some((p) => p.rule !== 'functions/syntax-error')) return outcome;
  const start = ottoOffset(source, verdict);
  const problem: ParseProblem = {
    rule: 'functions/syntax-error', message: verdict.message, start, end: Math.min(source.length, start + 1),
    detail: "The gateway's engine (otto) refuses the function here.",
  };
  return { ...outcome, problems: [problem] };
}

/** The offset in `source` of otto's line and byte column in "(" + source + ")". */
function ottoOffset(source: string, verdict: OttoSyntaxError): number {
  const wrapped = `(${source})`;
  let at = 0;
  for (let line = 1; line < verdict.line; line++) {
    const next = wrapped.indexOf('\n', at);
    if (next < 0) break;
    at = next + 1;
  }
  // Columns count UTF-8 bytes from 1.
  for (let bytes = 1; bytes < verdict.column && at < wrapped.length; at++) {
    const code = wrapped.codePointAt(at)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (code >= 0x10000) at++;
  }
  return Math.max(0, Math.min(source.length, at - 1));
}

