// Small static analyses over a function's AST, shared by the functions/* rules.
import * as walk from 'acorn-walk';
import type { JsNode } from './types.js';

const FUNCTION_TYPES = new Set(['FunctionExpression', 'FunctionDeclaration', 'ArrowFunctionExpression']);

/**
 * Calls `visit` with every child node of `node` (acorn builds a tree: no node is shared, so a recursion
 * through this visits each node once). for...in allocates nothing, unlike Object.keys.
 */
export function forEachChild(node: JsNode, visit: (child: JsNode) => void): void {
  for (const key in node) {
    const value = node[key];
    if (value === null || typeof value !== 'object' || key === 'loc') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object' && typeof item.type === 'string') visit(item);
    } else if (typeof value.type === 'string') visit(value);
  }
}

/** What the functions/* rules ask of a function, gathered in one walk of its tree. */
export interface FunctionFacts {
  /**
   * Calls `name(...)` whose callee is a plain identifier that the function does not declare anywhere
   * (parameters, var/let/const, function names, catch bindings; nested functions included), in source
   * order: calls to helpers the gateway provides, to globals, or to nothing.
   */
  undeclaredCalls: readonly JsNode[];
  /** Every throw statement, nested functions included, in source order. */
  throws: readonly JsNode[];
  /** Return statements of the function itself (not of functions nested inside it), in source order. */
  ownReturns: readonly JsNode[];
  /** Regular expression literals, nested functions included, in source order. */
  regExpLiterals: readonly JsNode[];
  /** Calls and `new` of the identifier RegExp, nested functions included, in source order. */
  regExpConstructions: readonly JsNode[];
  /** Every for-in statement, nested functions included, in source order. */
  forInLoops: readonly JsNode[];
  /** Calls `Object.name(...)`, nested functions included, in source order, each with the node around it. */
  objectMethodCalls: readonly ObjectMethodCall[];
}

/** A call `Object.name(...)` and its parent node (what the call's result is used in). */
export interface ObjectMethodCall {
  call: JsNode;
  parent: JsNode | null;
}

// Several rules ask questions of the same function: each tree is walked once for all of them (a large
// config holds thousands of functions, and every walk of every tree counted).
const factsCache = new WeakMap<JsNode, FunctionFacts>();

/** What the functions/* rules ask of `fn`, from one walk of its tree (cached per tree). */
export function functionFacts(fn: JsNode): FunctionFacts {
  const cached = factsCache.get(fn);
  if (cached) return cached;
  const names = new Set<string>();
  const calls: JsNode[] = [];
  const throws: JsNode[] = [];
  const ownReturns: JsNode[] = [];
  const regExpLiterals: JsNode[] = [];
  const regExpConstructions: JsNode[] = [];
  const forInLoops: JsNode[] = [];
  const objectMethodCalls: ObjectMethodCall[] = [];
  const addPattern = (pattern: JsNode | null | undefined): void => {
    if (!pattern) return;
    switch (pattern.type) {
      case 'Identifier': names.add(pattern.name); break;
      case 'AssignmentPattern': addPattern(pattern.left); break;
      case 'RestElement': addPattern(pattern.argument); break;
      case 'ArrayPattern': for (const e of pattern.elements) addPattern(e); break;
      case 'ObjectPattern':
        for (const p of pattern.properties) addPattern(p.type === 'RestElement' ? p : p.value);
        break;
    }
  };
  // One plain recursion over every node; `nested` counts the functions around a node inside `fn`, and
  // `parent` is the node whose children are being visited.
  let nested = 0;
  let parent: JsNode | null = null;
  const visitChild = (node: JsNode): void => visit(node);
  const visitChildren = (node: JsNode): void => {
    const outer = parent;
    parent = node;
    forEachChild(node, visitChild);
    parent = outer;
  };
  const visit = (node: JsNode): void => {
    switch (node.type) {
      case 'FunctionExpression':
      case 'FunctionDeclaration':
      case 'ArrowFunctionExpression':
        if (node.id) names.add(node.id.name);
        for (const p of node.params) addPattern(p);
        if (node !== fn) {
          nested++;
          visitChildren(node);
          nested--;
          return;
        }
        break;
      case 'VariableDeclarator': addPattern(node.id); break;
      case 'CatchClause': addPattern(node.param); break;
      case 'ClassDeclaration': if (node.id) names.add(node.id.name); break;
      case 'CallExpression':
      case 'NewExpression': {
        const callee = node.callee as JsNode;
        if (callee.type === 'Identifier') {
          calls.push(node);
          if (callee.name === 'RegExp') regExpConstructions.push(node);
        } else if (node.type === 'CallExpression' && callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.object.name === 'Object') {
          objectMethodCalls.push({ call: node, parent });
        }
        break;
      }
      case 'Literal': if (node.regex) regExpLiterals.push(node); break;
      case 'ForInStatement': forInLoops.push(node); break;
      case 'ThrowStatement': throws.push(node); break;
      case 'ReturnStatement': if (nested === 0) ownReturns.push(node); break;
    }
    visitChildren(node);
  };
  visit(fn);
  const facts: FunctionFacts = {
    // Source order, as a reader (and the tests) expect.
    undeclaredCalls: calls.filter((call) => !names.has(call.callee.name)).sort(bySource),
    throws,
    ownReturns,
    regExpLiterals: regExpLiterals.sort(bySource),
    regExpConstructions: regExpConstructions.sort(bySource),
    forInLoops: forInLoops.sort(bySource),
    objectMethodCalls: objectMethodCalls.sort((a, b) => a.call.start - b.call.start),
  };
  factsCache.set(fn, facts);
  return facts;
}

function bySource(a: JsNode, b: JsNode): number {
  return a.start - b.start;
}

/**
 * Whether execution can reach the end of `statement` (fall through it). Conservative in the direction of
 * "yes": a loop or a switch we cannot prove exhaustive counts as completing.
 */
export function canCompleteNormally(statement: JsNode | null | undefined): boolean {
  if (!statement) return true;
  switch (statement.type) {
    case 'ReturnStatement':
    case 'ThrowStatement':
      return false;
    case 'BlockStatement':
      return statement.body.every((s: JsNode) => canCompleteNormally(s));
    case 'IfStatement':
      return !statement.alternate || canCompleteNormally(statement.consequent) || canCompleteNormally(statement.alternate);
    case 'TryStatement': {
      if (statement.finalizer && !canCompleteNormally(statement.finalizer)) return false;
      return canCompleteNormally(statement.block) || (!!statement.handler && canCompleteNormally(statement.handler.body));
    }
    case 'SwitchStatement': {
      const cases: JsNode[] = statement.cases;
      if (!cases.some((c) => c.test === null)) return true;
      if (containsBreakFor(statement)) return true;
      // Cases fall through to the next one, so only the last case's end can leave the switch.
      const last = cases[cases.length - 1]!;
      return last.consequent.every((s: JsNode) => canCompleteNormally(s));
    }
    case 'WhileStatement':
    case 'ForStatement':
    case 'DoWhileStatement': {
      const test = statement.test;
      const infinite = test === null || (test.type === 'Literal' && test.value === true);
      if (infinite) return containsBreakFor(statement);
      if (statement.type === 'DoWhileStatement') return canCompleteNormally(statement.body) || containsBreakFor(statement) || containsContinue(statement.body);
      return true;
    }
    case 'LabeledStatement':
      return canCompleteNormally(statement.body) || containsLabelledBreak(statement.body, statement.label.name);
    default:
      return true;
  }
}

/** An unlabelled `break` that leaves `target` (a loop or switch), i.e. not inside a nested loop/switch/function. */
function containsBreakFor(target: JsNode): boolean {
  let found = false;
  const visit = (node: JsNode, depth: number): void => {
    if (found || FUNCTION_TYPES.has(node.type)) return;
    if (node.type === 'BreakStatement' && !node.label && depth === 0) {
      found = true;
      return;
    }
    const inner = node !== target && /^(While|DoWhile|For|ForIn|ForOf|Switch)Statement$/.test(node.type) ? depth + 1 : depth;
    forEachChild(node, (child) => visit(child, inner));
  };
  visit(target, 0);
  return found;
}

function containsContinue(body: JsNode): boolean {
  let found = false;
  walk.full(body, (node) => {
    if (node.type === 'ContinueStatement') found = true;
  });
  return found;
}

function containsLabelledBreak(body: JsNode, label: string): boolean {
  let found = false;
  walk.full(body, (raw) => {
    const node = raw as JsNode;
    if (node.type === 'BreakStatement' && node.label?.name === label) found = true;
  });
  return found;
}

/** Damerau-Levenshtein distance of at most one edit (insert, delete, substitute, swap of neighbours). */
export function isOneEditAway(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i++;
  return shorter.slice(i) === longer.slice(i + 1);
}
