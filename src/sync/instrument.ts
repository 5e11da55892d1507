// Coverage of a function (`sgconf test --coverage`): its source with a counter before each statement, at
// the start of each branch and of each function body, counted on the engine's Go side, which starts
// them afresh for every call and reports back the counters reached only (engine/runner/coverage.go). A
// counter is a call of a native, `__sgconfCount(n)`, that counts only when called from its own place in
// this text: the function can neither raise nor reset a count. Only expressions are added: an operand becomes
// `(counter, operand)`, a single statement in an if or a loop is put in a block with its counter, and an if
// without else gets an else that only counts. Nothing the function computes changes (the conformance tables
// of test/sync/conformance.test.ts run both ways).
import { parse } from 'acorn';
import * as walk from 'acorn-walk';
import type { JsNode } from '../functions/types.js';

/** The counting native's name: one the function's text does not hold, so that each counter has one site. */
export function counterNameFor(source: string): string {
  return nameNotIn(source, '__sgconfCount');
}

function nameNotIn(source: string, base: string): string {
  let name = base;
  while (source.includes(name)) name += '_';
  return name;
}

/**
 * The source with each throw statement's value passed through a native, `throw MARKER(n, value)`, which
 * returns it as it is and notes which statement threw it (engine/runner Options.ThrowMarker): where a
 * rejection by a thrown object was thrown (src/sync/run.ts placeOutcomes). Nothing the function computes
 * changes: the value thrown is the same, and the marker's name is one the function's text does not hold.
 */
export interface MarkedThrows {
  text: string;
  marker: string;
  /** Each marked statement's start in the source, by its number. */
  starts: number[];
}

/** The source with its throw statements marked; null when it has none or does not parse as otto's ES5. */
export function markThrows(source: string): MarkedThrows | null {
  const program = parseEvaluatedSource(source);
  if (!program) return null;
  const marker = nameNotIn(source, '__sgconfThrown');
  const starts: number[] = [];
  const inserts: { offset: number; text: string; closes: boolean }[] = [];
  walk.simple(program as unknown as import('acorn').Node, {
    ThrowStatement(node) {
      const argument = (node as unknown as JsNode).argument as JsNode;
      // Offsets of the parsed text, which is "(" + source.
      inserts.push({ offset: argument.start - 1, text: `${marker}(${starts.length}, `, closes: false }, { offset: argument.end - 1, text: ')', closes: true });
      starts.push(node.start - 1);
    },
  });
  if (starts.length === 0) return null;
  // A value's closing comes before an opening at the same place (a throw's value ends where no other begins).
  inserts.sort((a, b) => a.offset - b.offset || Number(b.closes) - Number(a.closes));
  let text = '';
  let at = 0;
  for (const insert of inserts) {
    text += source.slice(at, insert.offset) + insert.text;
    at = insert.offset;
  }
  return { text: text + source.slice(at), marker, starts };
}

export type CoveragePoint =
  | { kind: 'statement'; start: number; end: number; require: boolean }
  | { kind: 'function'; start: number; name: string }
  | { kind: 'branch'; start: number; branch: number; arm: number; decision: number };

export interface InstrumentedFunction {
  /** The source with its counters. */
  text: string;
  /** What each counter counts, by its index; offsets are in the original source. */
  points: CoveragePoint[];
  /** The native the counters call (engine/runner Options.CounterName). */
  counterName: string;
  /** Where each run of the source stands in `text`, in order: `at` in the text, `from` in the source. */
  copied: { at: number; from: number }[];
}

/** The offset in the original source of an offset in the counted text; inside added text, where that text was added. */
export function sourceOffset(instrumented: InstrumentedFunction, at: number): number {
  const { copied } = instrumented;
  let k = 0;
  while (k + 1 < copied.length && copied[k + 1]!.at <= at) k++;
  const run = copied[k]!;
  const next = copied[k + 1];
  // A run is followed by added text up to the next run, which stands where that run starts in the source.
  if (next && at >= run.at + (next.from - run.from)) return next.from;
  return run.from + (at - run.at);
}

/** The source as the gateway evaluates it, `(<source>)`, parsed at otto's level (ES5); null when it does not parse. */
export function parseEvaluatedSource(source: string): JsNode | null {
  try {
    return parse(`(${source})`, { ecmaVersion: 5 }) as unknown as JsNode;
  } catch {
    return null;
  }
}

/** The source with counters, or null when it does not parse as an ES5 function (it then runs as it is). */
export function instrumentFunction(source: string): InstrumentedFunction | null {
  const program = parseEvaluatedSource(source);
  const fn = program?.body?.[0]?.expression as JsNode | undefined;
  if (!fn || fn.type !== 'FunctionExpression') return null;
  return new Instrumenter(source).run(fn);
}

/**
 * Text put in at an offset. Where several meet, what closes comes before what opens, inner closes before
 * outer (an else of the inner if stays inside the outer block) and outer opens before inner.
 */
interface Insert {
  offset: number;
  text: string;
  closes: boolean;
  /** The span of the node it belongs to. */
  start: number;
  end: number;
}

class Instrumenter {
  private readonly points: CoveragePoint[] = [];
  private readonly inserts: Insert[] = [];
  private branches = 0;
  private readonly counterName: string;

  constructor(private readonly source: string) {
    this.counterName = counterNameFor(source);
  }

  run(fn: JsNode): InstrumentedFunction {
    this.fn(fn, 'the function');
    const order = this.inserts.sort((a, b) => a.offset - b.offset
      || (a.closes === b.closes ? 0 : a.closes ? -1 : 1)
      || (a.closes ? b.start - a.start : b.end - a.end));
    let text = '';
    let at = 0;
    const copied: InstrumentedFunction['copied'] = [];
    for (const insert of order) {
      copied.push({ at: text.length, from: at });
      text += this.source.slice(at, insert.offset) + insert.text;
      at = insert.offset;
    }
    copied.push({ at: text.length, from: at });
    text += this.source.slice(at);
    return { text, points: this.points, counterName: this.counterName, copied };
  }

  private counter(point: CoveragePoint): string {
    this.points.push(point);
    const n = this.points.length - 1;
    return `${this.counterName}(${n})`;
  }

  /** Text that opens at `offset` (of the parsed text, which is "(" + source) for `node`. */
  private open(offset: number, text: string, node: JsNode): void {
    this.inserts.push({ offset: offset - 1, text, closes: false, start: node.start, end: node.end });
  }

  /** Text that closes at `offset` for `node`. */
  private close(offset: number, text: string, node: JsNode): void {
    this.inserts.push({ offset: offset - 1, text, closes: true, start: node.start, end: node.end });
  }

  private fn(node: JsNode, name: string): void {
    const body = node.body as JsNode;
    this.open(body.start + 1, `${this.counter({ kind: 'function', start: node.start - 1, name })};`, body);
    this.statements(body.body as JsNode[]);
  }

  /** A list of statements: a counter before each (directives and function declarations excepted). */
  private statements(list: readonly JsNode[]): void {
    for (const statement of list) {
      if (statement.type === 'FunctionDeclaration') {
        this.fn(statement, statement.id?.name ?? 'function');
        continue;
      }
      if (statement.type !== 'ExpressionStatement' || statement.directive === undefined) {
        this.open(statement.start, `${this.statementCounter(statement)};`, statement);
      }
      this.statement(statement);
    }
  }

  private statementCounter(statement: JsNode): string {
    return this.counter({ kind: 'statement', start: statement.start - 1, end: statement.end - 1, require: REQUIRE.test(this.source.slice(statement.start - 1, statement.end - 1)) && !isCompound(statement) });
  }

  /** The body of an if or a loop: a block is a list; a single statement gets a block with its counter. */
  private body(node: JsNode, armCounter?: string): void {
    if (node.type === 'BlockStatement') {
      if (armCounter) this.open(node.start + 1, `${armCounter};`, node);
      this.statements(node.body as JsNode[]);
      return;
    }
    if (node.type === 'EmptyStatement') {
      // `if (x);` : its ";" goes inside the block.
      this.open(node.start, `{${armCounter ? `${armCounter};` : ''}`, node);
      this.close(node.end, '}', node);
      return;
    }
    this.open(node.start, `{${armCounter ? `${armCounter};` : ''}${this.statementCounter(node)};`, node);
    this.statement(node);
    this.close(node.end, '}', node);
  }

  private statement(node: JsNode): void {
    switch (node.type) {
      case 'BlockStatement':
        this.statements(node.body as JsNode[]);
        return;
      case 'IfStatement': {
        const branch = this.branches++;
        const decision = node.start - 1;
        this.expression(node.test);
        this.body(node.consequent, this.counter({ kind: 'branch', start: node.consequent.start - 1, branch, arm: 0, decision }));
        const elseCounter = this.counter({ kind: 'branch', start: (node.alternate ?? node).end - 1, branch, arm: 1, decision });
        if (node.alternate) this.body(node.alternate, elseCounter);
        else this.close(node.end, ` else {${elseCounter};}`, node);
        return;
      }
      case 'ForStatement':
        if (node.init) (node.init.type === 'VariableDeclaration' ? this.statement(node.init) : this.expression(node.init));
        if (node.test) this.expression(node.test);
        if (node.update) this.expression(node.update);
        this.body(node.body);
        return;
      case 'ForInStatement':
        if (node.left.type === 'VariableDeclaration') this.statement(node.left);
        this.expression(node.right);
        this.body(node.body);
        return;
      case 'WhileStatement':
      case 'DoWhileStatement':
        this.expression(node.test);
        this.body(node.body);
        return;
      case 'LabeledStatement':
        // The label must stay on its loop (continue label), so the loop is not put in a block.
        this.statement(node.body);
        return;
      case 'WithStatement':
        this.expression(node.object);
        this.body(node.body);
        return;
      case 'SwitchStatement': {
        this.expression(node.discriminant);
        const branch = this.branches++;
        (node.cases as JsNode[]).forEach((c, arm) => {
          if (c.test) this.expression(c.test);
          const consequent = c.consequent as JsNode[];
          const at = consequent.length > 0 ? consequent[0]!.start : c.end;
          this.open(at, `${this.counter({ kind: 'branch', start: c.start - 1, branch, arm, decision: node.start - 1 })};`, c);
          this.statements(consequent);
        });
        return;
      }
      case 'TryStatement':
        this.statements(node.block.body as JsNode[]);
        if (node.handler) this.statements(node.handler.body.body as JsNode[]);
        if (node.finalizer) this.statements(node.finalizer.body as JsNode[]);
        return;
      case 'VariableDeclaration':
        for (const d of node.declarations as JsNode[]) if (d.init) this.expression(d.init);
        return;
      case 'ReturnStatement':
      case 'ThrowStatement':
        if (node.argument) this.expression(node.argument);
        return;
      case 'ExpressionStatement':
        this.expression(node.expression);
        return;
      default:
        return; // break, continue, empty, debugger
    }
  }

  /** Expressions: the arms of ?: and of && || are branches; functions inside are functions. */
  private expression(node: JsNode | null | undefined): void {
    if (!node || typeof node !== 'object') return;
    switch (node.type) {
      case 'FunctionExpression':
        this.fn(node, node.id?.name ?? 'function');
        return;
      case 'ConditionalExpression': {
        const branch = this.branches++;
        this.expression(node.test);
        this.arm(node.consequent, branch, 0, node.start - 1);
        this.arm(node.alternate, branch, 1, node.start - 1);
        return;
      }
      case 'LogicalExpression': {
        const branch = this.branches++;
        this.arm(node.left, branch, 0, node.start - 1);
        this.arm(node.right, branch, 1, node.start - 1);
        return;
      }
      default:
        for (const key of Object.keys(node)) {
          if (key === 'type' || key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue;
          const child = node[key];
          if (Array.isArray(child)) for (const c of child) this.expression(c as JsNode);
          else if (child && typeof child === 'object' && typeof (child as JsNode).type === 'string') this.expression(child as JsNode);
        }
    }
  }

  /** One arm of a branch: `(counter, operand)`, the operand's value unchanged. */
  private arm(node: JsNode, branch: number, arm: number, decision: number): void {
    this.open(node.start, `(${this.counter({ kind: 'branch', start: node.start - 1, branch, arm, decision })}, `, node);
    this.expression(node);
    this.close(node.end, ')', node);
  }
}

/** A statement that calls a require* helper: the lines an access review reads first. */
const REQUIRE = /\brequire(User|Role|Access|Admin)\s*\(/;

/** Statements whose text holds others (a require* inside is its inner statement's, not theirs). */
function isCompound(node: JsNode): boolean {
  return /^(If|For|ForIn|While|DoWhile|Switch|Try|Block|Labeled|With)Statement$/.test(node.type);
}
