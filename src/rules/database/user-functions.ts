import type { Rule, RuleContext } from '../types.js';
import { databaseEntries, dbLabel, lookup, validated, type DatabaseEntry } from '../../document/databases.js';
import { ALLOW_PATTERN_EXPRESSION, USER_FUNCTION_TYPES, USER_QUERY_START } from '../../releases/user-functions.js';
import { EMPTY_USER_FUNCTION, WRITE_USER_FUNCTION } from '../../releases/function-compiling.js';
import { fieldKnownTo } from '../../schema/release-fields.js';
import { isObject, joinPointer, type JsonObject } from '../../types.js';

export const rule: Rule = {
  id: 'database/user-functions',
  severity: 'error',
  kinds: ['legacy', 'database'],
  description: 'User functions the gateway refuses: more than max_function_count, code over max_code_size, a type other than "javascript" or "query", a JavaScript function without code, a query that is no SELECT, an allow pattern it cannot expand.',
  check(context) {
    for (const db of databaseEntries(context.kind, context.document)) {
      const functions = lookup(db.config, db.pointer, 'functions');
      // A release without user functions does not read them: the schema says so.
      if (!functions || !isObject(functions.value) || !fieldKnownTo(context.kind, functions.pointer, context.target)) continue;
      const definitions = lookup(functions.value, functions.pointer, 'definitions');
      if (!definitions || !isObject(definitions.value)) continue;
      const names = Object.keys(definitions.value);
      const maxCount = lookup(functions.value, functions.pointer, 'max_function_count')?.value;
      if (typeof maxCount === 'number' && names.length > maxCount) {
        refuse(context, db, definitions.pointer, `declares ${names.length} user functions, more than max_function_count (${maxCount})`, 'Raise max_function_count or remove functions.');
      }
      const maxSize = lookup(functions.value, functions.pointer, 'max_code_size')?.value;
      for (const name of names) {
        const definition = definitions.value[name];
        if (!isObject(definition)) continue;
        checkDefinition(context, db, joinPointer(definitions.pointer, name), name, definition, typeof maxSize === 'number' ? maxSize : undefined);
      }
    }
  },
};

function checkDefinition(context: RuleContext, db: DatabaseEntry, pointer: string, name: string, definition: JsonObject, maxSize: number | undefined): void {
  const type = lookup(definition, pointer, 'type');
  const code = lookup(definition, pointer, 'code');
  const codeText = typeof code?.value === 'string' ? code.value : '';
  // The gateway counts the code's bytes (Go's len of its UTF-8 string).
  const codeBytes = Buffer.byteLength(codeText, 'utf8');
  if (maxSize !== undefined && codeBytes > maxSize) {
    refuse(context, db, code?.pointer ?? pointer, `user function "${name}" has ${codeBytes} bytes of code, more than max_code_size (${maxSize})`, 'Raise max_code_size or shorten the code.');
  }
  if (!USER_FUNCTION_TYPES.includes(typeof type?.value === 'string' ? type.value : '')) {
    refuse(context, db, type?.pointer ?? pointer, `user function "${name}" has the type ${type ? JSON.stringify(type.value) : '(none)'}, not "javascript" or "query"`, 'The type is matched exactly.', type ? 'value' : 'key');
  } else if (type!.value === 'javascript' && !code) {
    // The gateway compiles the code it has, none, in its wrapper (db/functions/js_wrapper.js@3.1.0-@4.1.1).
    refuse(context, db, pointer, `user function "${name}" has no code`, `${EMPTY_USER_FUNCTION} ${WRITE_USER_FUNCTION}`, 'key');
  } else if (type!.value === 'query' && !USER_QUERY_START.test(codeText)) {
    refuse(context, db, code?.pointer ?? pointer, `user function "${name}" is a query that does not start with SELECT`, 'Query functions may only read: their code must be a SELECT (parentheses before it are allowed).');
  }
  const allow = lookup(definition, pointer, 'allow');
  if (!allow || !isObject(allow.value)) return;
  const args = lookup(definition, pointer, 'args')?.value;
  const declared = new Set(Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : []);
  for (const list of ['roles', 'channels']) {
    const patterns = lookup(allow.value, allow.pointer, list);
    if (!patterns || !Array.isArray(patterns.value)) continue;
    patterns.value.forEach((pattern, i) => {
      if (typeof pattern !== 'string') return;
      const problem = allowPatternProblem(pattern, declared);
      if (problem) refuse(context, db, joinPointer(patterns.pointer, i), `user function "${name}": allow pattern "${pattern}" ${problem}`, 'Write ${args.NAME} for a declared argument, ${context.user.name} for the caller, and \\$ for a literal dollar sign.');
    });
  }
}

/**
 * Why the gateway cannot expand an allow pattern, as its validation finds out: it expands the pattern with
 * every declared argument set to a string, stops at the first problem, and refuses only the pattern's own
 * faults (a problem with an argument's value is the caller's, and passes).
 */
export function allowPatternProblem(pattern: string, declared: ReadonlySet<string>): string | null {
  for (const [matched] of pattern.matchAll(ALLOW_PATTERN_EXPRESSION)) {
    if (matched === '\\$') continue;
    if (!matched.startsWith('${') || !matched.endsWith('}')) return `has a "$" without braces`;
    const expression = matched.slice(2, -1);
    if (expression === 'context.user.name') continue;
    if (!expression.startsWith('args.')) return `names "${expression}", which is no argument`;
    const path = expression.slice('args.'.length);
    const cut = path.search(/[.[]/);
    const first = cut < 0 ? path : path.slice(0, cut);
    if (!declared.has(first)) return `names the undeclared argument "${first}"`;
    const rest = cut < 0 ? '' : path.slice(cut);
    // A declared argument stands for a string: "." or "[n]" after it is a problem of the value, which
    // ends the expansion without a refusal; "[" without "]" is the pattern's own.
    if (rest.startsWith('[') && !rest.includes(']')) return 'has a "[" without "]"';
    if (rest !== '') return null;
  }
  return null;
}

function refuse(context: RuleContext, db: DatabaseEntry, pointer: string, text: string, why: string, target: 'key' | 'value' = 'value'): void {
  context.report(validated(db, context, { pointer, target, message: `${dbLabel(db)}: ${text}`, detail: `${why} The gateway refuses the database, even when unsupported.user_queries is off and it would ignore the functions.` }));
}
