import { runRuleTests } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/rules/database/user-functions.js';

const JS = { type: 'javascript', code: 'function(context, args) { return args.id; }', args: ['id'] };
const db = (functions: object) => ({ name: 'db', bucket: 'b', functions });

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: db({ definitions: { get: JS, list: { type: 'query', code: '  (SELECT * FROM _default)' } } }) },
    // Written with "$$": the gateway expands environment references in the file first (source/undefined-variable).
    { name: 'allow patterns the gateway expands; a problem of an argument\'s value is no refusal', kind: 'database', config: db({ definitions: { get: { ...JS, allow: { channels: ['order-$${args.id}', 'user-$${context.user.name}', 'cost-\\$$', 'x-$${args.id.part}-$${nope}'], roles: ['clerk'], users: ['$$x'] } } } }) },
    { name: 'within the limits', kind: 'database', config: db({ max_function_count: 1, max_code_size: 44, definitions: { get: JS } }) },
    { name: 'select in any case', kind: 'database', config: db({ definitions: { q: { type: 'query', code: 'select 1' } } }) },
    { name: '3.0 has no user functions (the schema reports the field)', kind: 'database', config: db({ definitions: { get: { type: 'js', code: '' } } }), options: { target: '3.0' } },
  ],
  invalid: [
    { name: 'more functions than max_function_count', kind: 'database', config: db({ max_function_count: 1, definitions: { a: JS, b: JS } }), errors: [{ pointer: '/functions/definitions', message: 'declares 2 user functions, more than max_function_count (1)' }] },
    { name: 'code over max_code_size, counted in bytes', kind: 'database', config: db({ max_code_size: 10, definitions: { a: { type: 'query', code: 'SELECT "ééééé"' } } }), errors: [{ pointer: '/functions/definitions/a/code', message: '19 bytes of code, more than max_code_size (10)' }] },
    { name: 'a JavaScript function without code: none is compiled in the wrapper', kind: 'database', config: db({ definitions: { a: { type: 'javascript' } } }), errors: [{ pointer: '/functions/definitions/a', message: 'user function "a" has no code' }] },
    { name: 'a type matched exactly', kind: 'database', config: db({ definitions: { a: { ...JS, type: 'JavaScript' }, b: { code: 'SELECT 1' } } }), errors: [
      { pointer: '/functions/definitions/a/type', message: 'has the type "JavaScript", not "javascript" or "query"' },
      { pointer: '/functions/definitions/b', message: 'the type (none)' },
    ] },
    { name: 'a query that does not read', kind: 'legacy', config: { disable_persistent_config: true, databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true, functions: { definitions: { wipe: { type: 'query', code: 'DELETE FROM _default' }, sneaky: { type: 'query', code: 'SELECTED' } } } } } }, errors: [
      { pointer: '/databases/db/functions/definitions/wipe/code', message: 'is a query that does not start with SELECT' },
      { pointer: '/databases/db/functions/definitions/sneaky/code', message: 'does not start with SELECT' },
    ] },
    { name: 'allow patterns the gateway cannot expand', kind: 'database', config: db({ definitions: { a: { ...JS, allow: { channels: ['order-$$id', 'order-$${args.nope}', 'order-$${doc.id}', 'x-$${args.id[0}'], roles: ['price-$$'] } } } }), errors: [
      { pointer: '/functions/definitions/a/allow/channels/0', message: 'allow pattern "order-$id" has a "$" without braces' },
      { pointer: '/functions/definitions/a/allow/channels/1', message: 'names the undeclared argument "nope"' },
      { pointer: '/functions/definitions/a/allow/channels/2', message: 'names "doc.id", which is no argument' },
      { pointer: '/functions/definitions/a/allow/channels/3', message: 'has a "[" without "]"' },
      { pointer: '/functions/definitions/a/allow/roles/0', message: '"price-$" has a "$" without braces' },
    ] },
    { name: 'a legacy file the automatic upgrade stores: a warning', kind: 'legacy', config: { databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true, functions: { definitions: { a: { type: 'js', code: '' } } } } } }, errors: [{ pointer: '/databases/db/functions/definitions/a/type', severity: 'warning', message: 'not "javascript" or "query"' }] },
  ],
});
