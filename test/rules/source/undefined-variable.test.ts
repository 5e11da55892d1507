import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/rules/source/undefined-variable.js';
import { lintForRule, runRuleTests } from '../../helpers/rule-tester.js';

runRuleTests(rule, {
  valid: [
    { kind: 'database', config: "{\"bucket\": \"${B:-travel}\"}" },
    { kind: 'database', config: "{\"bucket\": \"cost$$\"}" },
  ],
  invalid: [
    { kind: 'database', config: "{\"bucket\": \"${B}\"}", errors: [{ pointer: "/bucket", message: "environment variable \"B\" is not defined" }] },
    // 2.8 does not expand environment references (rest/config.go@3.0.0 expandEnv is new in 3.0): no error, an
    // info about the release that will.
    { name: '2.8 reads "$" as written: an info about 3.0', kind: 'legacy', config: '{"databases": {"db": {"server": "couchbases://cb", "password": "pa$sword"}}}', options: { target: '2.8' },
      errors: [{ pointer: '/databases/db/password', severity: 'info', message: 'refused by 3.0' }] },
    { name: 'a password with a $ in it: the message does not show the rest of it', kind: 'database', config: "{\"bucket\": \"b\", \"password\": \"pa$sword123\"}", errors: [{ pointer: "/password", message: /^"password" holds a "\$" that the gateway reads as an undefined environment variable[^]*"\$\$"/ }] },
    { kind: 'database', config: "{\"bucket\": \"b\", \"sync\": \"function(doc){ var s = doc.a.replace(/x/, \\\"$1\\\"); }\"}", errors: [{ pointer: "/sync", message: "$$1" }] },
  ],
});

describe('source/undefined-variable in a secret', () => {
  it('never shows the rest of the password as a variable name', async () => {
    const found = await lintForRule(rule.id, { kind: 'database', config: '{"bucket": "b", "password": "pa$sword123"}' });
    expect(JSON.stringify(found)).not.toContain('sword123');
  });
});

describe('the value an undefined variable leaves', () => {
  it('gets no finding about itself (it is not known here), but a function keeps its findings inside it', async () => {
    const lint = async (config: string) => (await import('../../../src/lint.js')).lintText(config, 'db.json', { kind: 'database', env: {}, remote: false });
    const value = await lint('{"name": "db", "bucket": "b", "import_docs": "${IMPORT}"}');
    expect(value.diagnostics.filter((d) => d.pointer === '/import_docs').map((d) => d.rule)).toEqual(['source/undefined-variable']);
    const inFunction = await lint('{"name": "db", "bucket": "b", "sync": "function (doc) { let t = \\"$type\\"; channel(t); }"}');
    expect(inFunction.diagnostics.map((d) => d.rule).sort()).toEqual(['functions/es2015-syntax', 'source/undefined-variable']);
  });
});

describe('an undefined variable in a user function\'s query', () => {
  it('says that "$$" keeps the query\'s parameter; in JavaScript, the JavaScript hint alone', async () => {
    const config = JSON.stringify({ name: 'db', bucket: 'b', functions: { definitions: { q: { type: 'query', code: 'SELECT $args.city AS city', args: ['city'] }, js: { type: 'javascript', code: 'function(context, args) { return \'$x\'; }' } } } });
    const found = await lintForRule(rule.id, { kind: 'database', config });
    expect(found.map((d) => [d.pointer, /query of a user function[^]*"\$\$args\.NAME"/.test(d.detail ?? ''), /inside the JavaScript/.test(d.detail ?? '')])).toEqual([
      ['/functions/definitions/q/code', true, false],
      ['/functions/definitions/js/code', false, true],
    ]);
  });
});

describe('an undefined variable in a user function\'s allow pattern', () => {
  it('says that "$$" keeps the pattern for the function', async () => {
    const config = JSON.stringify({ name: 'db', bucket: 'b', functions: { definitions: { get: { type: 'javascript', code: 'function(context, args) { return 1; }', args: ['id'], allow: { channels: ['order-${args.id}', 'plain-${ORDER}'] } } } } });
    const found = await lintForRule(rule.id, { kind: 'database', config });
    expect(found.map((d) => [d.pointer, /allow pattern of a user function[^]*"\$\$\{args\.NAME\}"/.test(d.detail ?? '')])).toEqual([
      ['/functions/definitions/get/allow/channels/0', true],
      ['/functions/definitions/get/allow/channels/1', true],
    ]);
  });
});
