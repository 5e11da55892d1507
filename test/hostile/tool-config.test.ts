// A pull request adds a JavaScript tool config: it must not run unless the user asked for it, and when it
// does run, it cannot end, hang or write into sgconf's run (docs/security.md). Real .sgconfrc.js files.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

function repo(toolConfig: string, name = '.sgconfrc.js'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-toolconfig-'));
  writeFileSync(path.join(dir, 'package.json'), '{"type": "commonjs"}');
  writeFileSync(path.join(dir, name), toolConfig);
  // A database config with an error, so that a tool config that turned it off would show.
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync: 'function (doc) { channel(doc.x) ' }));
  return dir;
}

const invalid = (stdout: string): string[] => JSON.parse(stdout).results.flatMap((r: { diagnostics: { rule: string; message: string }[] }) => r.diagnostics).filter((d: { rule: string }) => d.rule === 'config/invalid').map((d: { message: string }) => d.message);

describe('a JavaScript tool config', () => {
  it('is not run without --js-config: a config/invalid error says how, and the code never ran', async () => {
    const dir = repo(`require('fs').writeFileSync(${JSON.stringify('')} + __dirname + '/ran', JSON.stringify(process.env)); module.exports = { rules: { 'functions/syntax-error': 'off' } };`);
    const r = await runCli(['lint', 'db.json', '--format', 'json'], { cwd: dir, env: { SECRET: 'x' } });
    expect(r.code).toBe(1);
    expect(invalid(r.stdout)).toEqual([expect.stringContaining('only with --js-config or SGCONF_JS_CONFIG=1')]);
    expect(existsSync(path.join(dir, 'ran'))).toBe(false);
  });

  it('runs with --js-config (or SGCONF_JS_CONFIG=1), in an empty environment', async () => {
    const dir = repo(`module.exports = { rules: { 'functions/syntax-error': process.env.SECRET === undefined ? 'warning' : 'off' } };`);
    for (const [args, env] of [[['--js-config'], { SECRET: 'x' }], [[], { SECRET: 'x', SGCONF_JS_CONFIG: '1' }]] as const) {
      const r = await runCli(['lint', 'db.json', '--format', 'json', ...args], { cwd: dir, env });
      const found = JSON.parse(r.stdout).results[0].diagnostics.filter((d: { rule: string }) => d.rule === 'functions/syntax-error');
      expect(found.map((d: { severity: string }) => d.severity)).toEqual(['warning']);
    }
  });

  it.each([
    ['process.exit(0)', 'process.exit(0);', /ended before giving its settings \(process\.exit/],
    ['process.exit(3)', 'process.exit(3);', /ended the process \(exit code 3\) before giving its settings/],
    ['a throw', 'throw new Error("boom");', /it throws: boom/],
    ['an endless loop', 'for (;;) {}', /did not give its settings within 5 s/],
    ['a promise that never settles', 'module.exports = new Promise(() => {});', /ended before giving its settings \(.*a promise that never settles\)/],
    ['a promise kept pending by a timer', 'module.exports = new Promise(() => setInterval(() => {}, 1000));', /did not give its settings within 5 s/],
  ])('%s is a config/invalid error in bounded time, and the run goes on', async (_name, code, reason) => {
    const dir = repo(code);
    const r = await runCli(['lint', 'db.json', '--format', 'json', '--js-config'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(invalid(r.stdout)).toEqual([expect.stringMatching(reason)]);
    expect(JSON.parse(r.stdout).results.some((x: { file: string }) => x.file === 'db.json')).toBe(true);
  });

  it('what it prints never reaches the report', async () => {
    const dir = repo('console.log("::warning file=x::pwned"); console.error("::error::pwned"); module.exports = {};');
    const r = await runCli(['lint', 'db.json', '--js-config'], { cwd: dir });
    expect(r.stdout + r.stderr).not.toContain('pwned');
  });
});
