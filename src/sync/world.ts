// Can a function change anything that a later call would see? If it provably cannot, the sandbox runs all
// of its cases in one context; otherwise every case gets a fresh one (engine.ts). "Provably" is
// conservative: a function is shareable only when it is one function expression and
// - it never uses `this`, `eval`, `Function`, `with`, `arguments.callee` or its own name (the global
//   object, code built at run time, state kept on the function itself);
// - every assignment, ++/-- and delete targets a variable of its own, or a property reached from one
//   through plain names (no constructor, prototype or __proto__, no computed name but the last), and that
//   variable only ever holds what the call was given or built itself;
// - it calls no function that changes the objects it is handed (Object.defineProperty, _.extend, ...).
// Whether underscore.js is needed is decided on the same walk: a function that never names `_` (and uses
// none of the constructs above) cannot reach it.
import type { JsNode } from '../functions/types.js';

export interface WorldUse {
  shareable: boolean;
  underscore: boolean;
}

const SHARED_NAMES = new Set(['constructor', 'prototype', '__proto__']);
// Calls that change an object they are handed; one of them anywhere makes a function unshareable.
const MUTATORS = new Set([
  'defineProperty', 'defineProperties', 'freeze', 'seal', 'preventExtensions', 'setPrototypeOf', 'assign',
  'extend', 'defaults', 'mixin', '__defineGetter__', '__defineSetter__',
]);
// Built-in methods that change their receiver: called on a variable that may hold a shared object, unshareable.
const RECEIVER_MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'compile']);

interface Scope {
  names: Set<string>;
  /** Variables that may hold something the call did not build (a nested function's parameters, results of calls, globals). */
  tainted: Set<string>;
  parent: Scope | null;
}

/** `program`: the function's source parsed as `(<source>)` (ES5), or null when it does not parse. */
export function analyzeWorld(program: JsNode | null): WorldUse {
  if (!program) return { shareable: false, underscore: true };
  const [statement, ...rest] = program.body as JsNode[];
  const fn = statement?.type === 'ExpressionStatement' ? (statement.expression as JsNode) : null;
  if (!fn || rest.length > 0 || fn.type !== 'FunctionExpression') return { shareable: false, underscore: true };

  let shareable = true;
  let underscore = false;
  // Taints are kept per function across both passes.
  const taintsOf = new Map<JsNode, Set<string>>();
  const ownName: string | undefined = fn.id?.name;

  const declare = (scope: Scope, node: JsNode): void => {
    // var and function declarations are hoisted to the function; nested functions are their own scope.
    const visit = (n: JsNode): void => {
      if (n.type === 'VariableDeclarator') scope.names.add(n.id.name);
      if (n.type === 'FunctionDeclaration') { scope.names.add(n.id.name); return; }
      if (n.type === 'FunctionExpression') return;
      childNodes(n).forEach(visit);
    };
    visit(node);
  };

  const lookup = (scope: Scope | null, name: string): Scope | null => {
    for (let s = scope; s; s = s.parent) if (s.names.has(name)) return s;
    return null;
  };
  const isTainted = (scope: Scope, name: string): boolean => {
    const owner = lookup(scope, name);
    return owner === null || owner.tainted.has(name);
  };

  /** Whether an expression yields only what this call built or was given (never a shared object). */
  const fresh = (scope: Scope, node: JsNode): boolean => {
    switch (node.type) {
      case 'Literal': case 'ObjectExpression': case 'ArrayExpression': case 'FunctionExpression':
      case 'BinaryExpression': case 'UnaryExpression': case 'UpdateExpression':
        return true;
      case 'LogicalExpression': return fresh(scope, node.left) && fresh(scope, node.right);
      case 'ConditionalExpression': return fresh(scope, node.consequent) && fresh(scope, node.alternate);
      case 'SequenceExpression': return fresh(scope, node.expressions[node.expressions.length - 1]);
      case 'AssignmentExpression': return fresh(scope, node.right);
      case 'Identifier': return node.name === 'undefined' || !isTainted(scope, node.name);
      case 'MemberExpression': return plainPath(node) && fresh(scope, rootOf(node));
      default: return false;
    }
  };

  const checkTarget = (scope: Scope, target: JsNode): void => {
    if (target.type === 'Identifier') {
      if (lookup(scope, target.name) === null) shareable = false; // an implicit global
      return;
    }
    if (target.type !== 'MemberExpression') { shareable = false; return; }
    const root = rootOf(target);
    if (root.type !== 'Identifier' || isTainted(scope, root.name) || !plainPath(target.object)) shareable = false;
    if (!target.computed && SHARED_NAMES.has(target.property.name)) shareable = false;
  };

  const walk = (node: JsNode | null | undefined, scope: Scope): void => {
    if (!node) return;
    switch (node.type) {
      case 'FunctionExpression':
      case 'FunctionDeclaration': {
        let taints = taintsOf.get(node);
        if (!taints) taintsOf.set(node, (taints = new Set(['arguments'])));
        const inner: Scope = { names: new Set(['arguments']), tainted: taints, parent: scope };
        for (const param of node.params as JsNode[]) { inner.names.add(param.name); if (node !== fn) inner.tainted.add(param.name); }
        if (node.type === 'FunctionExpression' && node.id && node !== fn) inner.names.add(node.id.name);
        declare(inner, node.body);
        walk(node.body, inner);
        return;
      }
      case 'ThisExpression': case 'WithStatement':
        shareable = false; underscore = true; break;
      case 'Identifier':
        if (node.name === '_' && lookup(scope, '_') === null) underscore = true;
        if ((node.name === 'eval' || node.name === 'Function') && lookup(scope, node.name) === null) { shareable = false; underscore = true; }
        if (ownName !== undefined && node.name === ownName && lookup(scope, ownName) === null) shareable = false;
        return;
      case 'MemberExpression':
        if (node.object.type === 'Identifier' && node.object.name === 'arguments' && !node.computed && node.property.name === 'callee') shareable = false;
        // A mutator named anywhere, called or not (`var define = Object.defineProperty`, `Object["freeze"]`).
        if (MUTATORS.has(memberName(node) ?? '')) shareable = false;
        walk(node.object, scope);
        if (node.computed) walk(node.property, scope);
        return;
      case 'Property':
        if (node.computed) walk(node.key, scope);
        walk(node.value, scope);
        return;
      case 'VariableDeclarator':
        if (node.init) {
          walk(node.init, scope);
          if (!fresh(scope, node.init)) taint(scope, node.id.name);
        }
        return;
      case 'AssignmentExpression':
        walk(node.left, scope);
        walk(node.right, scope);
        checkTarget(scope, node.left);
        if (node.left.type === 'Identifier' && !fresh(scope, node.right)) taint(scope, node.left.name);
        return;
      case 'UpdateExpression':
        walk(node.argument, scope);
        checkTarget(scope, node.argument);
        return;
      case 'UnaryExpression':
        walk(node.argument, scope);
        if (node.operator === 'delete') checkTarget(scope, node.argument);
        return;
      case 'ForInStatement':
        // The loop variable takes the names of keys (strings): it stays as fresh as it was declared.
        walk(node.left, scope);
        walk(node.right, scope);
        if (node.left.type !== 'VariableDeclaration') checkTarget(scope, node.left);
        walk(node.body, scope);
        return;
      case 'CallExpression': case 'NewExpression': {
        const callee = node.callee as JsNode;
        if (callee.type === 'MemberExpression') {
          const name = memberName(callee);
          // A method found by a name known only at run time may be any method: only on what the call built.
          if (name === null && !fresh(scope, callee.object)) shareable = false;
          if (name !== null && RECEIVER_MUTATORS.has(name) && !fresh(scope, callee.object)) shareable = false;
          // A receiver mutator borrowed for another receiver (`[].push.call(shared, x)`).
          if ((name === 'call' || name === 'apply' || name === 'bind') && callee.object.type === 'MemberExpression') {
            const borrowed = memberName(callee.object);
            if (borrowed === null || RECEIVER_MUTATORS.has(borrowed)) shareable = false;
          }
        }
        if (callee.type === 'Identifier' && MUTATORS.has(callee.name)) shareable = false;
        break;
      }
    }
    for (const child of childNodes(node)) walk(child, scope);
  };

  const taint = (scope: Scope, name: string): void => {
    const owner = lookup(scope, name);
    if (owner) owner.tainted.add(name);
    else shareable = false;
  };

  // Two passes: a variable tainted late in the text (a loop, a later assignment) taints writes before it.
  const top: Scope = { names: new Set(), tainted: new Set(), parent: null };
  walk(fn, top);
  walk(fn, top);
  return { shareable, underscore };
}

/** The syntax nodes directly below a node (in source order). */
function childNodes(node: JsNode): JsNode[] {
  const out: JsNode[] = [];
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (Array.isArray(child)) { for (const c of child) if (c && typeof c.type === 'string') out.push(c as JsNode); }
    else if (child && typeof child === 'object' && typeof (child as JsNode).type === 'string') out.push(child as JsNode);
  }
  return out;
}

/** The property a member expression names: `a.b` and `a["b"]` name "b"; `a[k]` names none (null). */
function memberName(node: JsNode): string | null {
  if (!node.computed) return node.property.name as string;
  return node.property.type === 'Literal' ? String(node.property.value) : null;
}

function rootOf(node: JsNode): JsNode {
  let n = node;
  while (n.type === 'MemberExpression') n = n.object;
  return n;
}

/** A chain of plain names (a.b.c) without constructor, prototype or __proto__. */
function plainPath(node: JsNode): boolean {
  let n = node;
  while (n.type === 'MemberExpression') {
    if (n.computed || SHARED_NAMES.has(n.property.name)) return false;
    n = n.object;
  }
  return true;
}
