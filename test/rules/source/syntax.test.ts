import { rule } from '../../../src/rules/source/syntax.js';
import { runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"b\"}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"b\",}", errors: [{ pointer: "", message: "trailing comma" }] },
    // Where the fix is: said in the detail (convert, which reports it too, has no summary of fixes).
    { kind: 'database', config: '{"bucket": "b", "users": ["a",]}', errors: [{ pointer: '', message: 'sgconf lint --fix` removes it', column: 31 }] },
    { kind: 'database', config: "{'bucket': 'b'}", errors: [{ pointer: "", message: "double-quoted key" }] },
    // A function's own double quote ends its JSON string: named at that quote, with what to write.
    { kind: 'database', config: '{"bucket": "b",\n "sync": "function (doc) { channel("public"); }"}', errors: [{ pointer: '', message: 'this double quote ends the function\'s string: write \\" inside a function, or the function in backticks', line: 2, column: 36 }] },
    { kind: 'database', config: '{"bucket": "b", "event_handlers": {"document_changed": [{"handler": "webhook", "url": "http://h", "filter": "function (doc) { return doc.type == "x"; }"}]}}', errors: [{ pointer: '', message: 'this double quote ends the function', column: 146 }] },
    { kind: 'database', config: '{"bucket": "b"\n "revs_limit": 20}', errors: [{ pointer: '', message: 'a "," is missing before this key', line: 2, column: 2 }] },
    { kind: 'database', config: '{"bucket": "b" "revs_limit": 20}', errors: [{ pointer: '', message: 'sgconf lint --fix` inserts it' }] },
    { kind: 'database', config: '{"bucket": "b", "users": {"ann": {"admin_channels": ["a" "b"]}}}', errors: [{ pointer: '', message: 'a "," is missing before this value', column: 58 }] },
    // A template's placeholder where a key or a value belongs: named whole, at its first brace.
    { kind: 'database', config: '{\n  {{ logging }}\n  "bucket": "b"}', errors: [{ pointer: '', message: '"{{ logging }}" is a template placeholder: lint the config that the template renders', line: 2, column: 3, endColumn: 16 }] },
    { kind: 'database', config: '{"bucket": "b", "revs_limit": {{revs}}}', errors: [{ pointer: '', message: '"{{revs}}" is a template placeholder', column: 31 }] },
    { kind: 'database', config: '{"bucket": "b", {% if sync %}"sync": "function(){}"{% endif %}}', errors: [{ pointer: '', message: '"{% if sync %}" is a template placeholder', column: 17 }] },
    // An object where a key belongs is no placeholder.
    { kind: 'database', config: '{"bucket": "b", "users": {{"a": 1}}}', errors: [{ pointer: '', message: 'unexpected "{": a double-quoted key was expected', column: 27 }] },
    // Members without the braces of their object: named at the first key.
    { kind: 'database', config: '"bucket": "b",\n"revs_limit": 20\n', errors: [{ pointer: '', message: 'the file holds members without their object\'s braces: write "{" before the first key and "}" after the last', line: 1, column: 1, endColumn: 9 }] },
    // Not a function: the usual message.
    { kind: 'database', config: '{"bucket": "b"x}', errors: [{ pointer: '', message: 'unexpected "x": "," or "}" was expected', column: 15 }] },
  ],
});
