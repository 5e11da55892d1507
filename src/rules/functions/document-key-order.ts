// functions/document-key-order: a sync function or import filter that walks the keys of the document it
// is given. The gateway hands that document to otto as a Go map (db/crud.go@4.1.1 and channels/
// channelmapper.go@4.1.1 pass the body as a map; db/import.go@4.1.1 EvaluateFunction passes a Body), and
// otto enumerates a Go map with reflect's MapKeys (robertkrimen/otto type_go_map.go@b87d35c
// goMapEnumerate): in Go's random map order, different from one write to the next.
import type { Rule } from '../types.js';
import type { JsNode } from '../../functions/types.js';
import { describeFunction } from '../../functions/roles.js';
import { forEachChild, functionFacts } from '../../functions/analysis.js';

/** Object's functions that list an object's keys in its enumeration order. */
const KEY_LISTS = new Set(['keys', 'getOwnPropertyNames']);
/** What can follow such a list without depending on its order. */
const ORDER_FREE = new Set(['sort', 'length']);

/** Whether a loop body can leave the loop before the last key: break, return or throw outside inner functions. */
function stopsEarly(node: JsNode): boolean {
  if (node.type === 'BreakStatement' || node.type === 'ReturnStatement' || node.type === 'ThrowStatement') return true;
  if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return false;
  let found = false;
  forEachChild(node, (child) => { found ||= stopsEarly(child); });
  return found;
}

export const rule: Rule = {
  id: 'functions/document-key-order',
  severity: 'warning',
  kinds: ['legacy', 'database'],
  scope: 'function',
  description: 'A sync function or import filter depends on the order of its document\'s keys, which the gateway visits in random order.',
  check(context) {
    for (const fn of context.functions) {
      if ((fn.role !== 'sync' && fn.role !== 'import_filter') || !fn.functionNode) continue;
      const documentName = (fn.functionNode.params as JsNode[])[0]?.type === 'Identifier' ? (fn.functionNode.params as JsNode[])[0]!.name as string : null;
      if (!documentName) continue;
      const fromDocument = (node: JsNode): boolean => {
        let n = node;
        while (n.type === 'MemberExpression') n = n.object;
        return n.type === 'Identifier' && n.name === documentName;
      };
      const report = (node: JsNode, how: string) => context.reportInFunction({
        fn, span: { start: node.start, end: node.end },
        message: `${describeFunction(fn)} ${how} the document's keys, which the gateway visits in random order`,
        detail: 'The gateway gives the function the document as a Go map, and otto lists a Go map\'s keys in Go\'s random order, which changes from write to write. sgconf test runs such a function under several orders and passes a case only if every order does. Sort the keys first (Object.keys(doc).sort()) when the order matters.',
      });
      const facts = functionFacts(fn.functionNode);
      for (const loop of facts.forInLoops) {
        // A loop that visits every key (granting access for each, say) ends the same in any order; one
        // that stops early (break, return, throw) depends on which key comes first.
        if (fromDocument(loop.right) && stopsEarly(loop.body)) report(loop.right, 'stops early while looping over');
      }
      for (const { call, parent } of facts.objectMethodCalls) {
        const [argument] = call.arguments as JsNode[];
        if (!KEY_LISTS.has(call.callee.property.name) || !argument || !fromDocument(argument)) continue;
        // Object.keys(doc).sort() and Object.keys(doc).length do not depend on the order.
        if (parent?.type === 'MemberExpression' && parent.object === call && !parent.computed && ORDER_FREE.has(parent.property.name)) continue;
        report(call, 'lists');
      }
    }
  },
};
