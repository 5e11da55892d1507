// sgconf dry-run as a user runs it: the endpoint's answer on standard output, exit codes, bad input.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli as runCliIn } from '../helpers/cli.js';

const ROOT = path.resolve(__dirname, '../..');
const ORDERS = 'examples/testing/orders.json';

function runCli(args: string[], options: { cwd?: string; stdin?: string } = {}) {
  return runCliIn(args, { cwd: options.cwd ?? ROOT, ...(options.stdin !== undefined ? { stdin: options.stdin } : {}) });
}

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dry-run-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

describe('sgconf dry-run', () => {
  it('answers as the endpoint: an admin write (no --user) passes every require*', async () => {
    const r = await runCli(['dry-run', ORDERS, '--doc', '-'], { stdin: '{"type": "order", "owner": "ann", "status": "new"}' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ channels: ['orders-ann'], access: { ann: ['orders-ann'], 'role:clerk': ['orders-ann'] }, roles: {}, logging: { errors: [], info: [] } });
  });

  it('a rejection is a result (exit 0), keyed exactly as the endpoint keys it', async () => {
    const dir = folder({ 'doc.yaml': 'type: order\nowner: ann\nstatus: new\n' });
    const r = await runCli(['dry-run', path.join(ROOT, ORDERS), '--doc', 'doc.yaml', '--user', 'bob', '--roles', 'x,y'], { cwd: dir });
    expect(r.code).toBe(0);
    // requireUser threw before channel() ran: the endpoint answers with what was recorded until then.
    expect(r.stdout).toBe('{"channels":[],"access":{},"roles":{},"exception":"403 sg wrong user","logging":{"errors":[],"info":[]}}\n');
  });

  it('runs the import filter with --import-filter', async () => {
    const r = await runCli(['dry-run', ORDERS, '--doc', '-', '--import-filter'], { stdin: '{"type": "invoice"}' });
    expect(JSON.parse(r.stdout)).toEqual({ shouldImport: false, exception: '', logging: { errors: [], info: [] } });
  });

  it('4.1 answers as its endpoint (numbers arrive as strings, _deleted is dropped); 3.2, which has no such endpoint, as a real write', async () => {
    const dir = folder({ 'db.json': { name: 'db', bucket: 'db', sync: 'function(doc) { channel(typeof doc.n + "-" + (doc._deleted === true)); }' } });
    const at41 = await runCli(['dry-run', 'db.json', '--doc', '-'], { cwd: dir, stdin: '{"n": 5, "_deleted": true}' });
    expect(JSON.parse(at41.stdout).channels).toEqual(['string-false']);
    const at32 = await runCli(['dry-run', 'db.json', '--doc', '-', '--target', '3.2'], { cwd: dir, stdin: '{"n": 5, "_deleted": true}' });
    expect(JSON.parse(at32.stdout).channels).toEqual(['number-true']);
  });

  it('a config the target refuses: its errors on standard error, exit 1, nothing on standard output', async () => {
    const dir = folder({ 'db.json': { name: 'db', bucket: 'db', sync: 'function(doc) { const x = 1; }' } });
    const r = await runCli(['dry-run', 'db.json', '--doc', '-'], { cwd: dir, stdin: '{}' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('functions/es2015-syntax');
    // with the code frame, as lint shows it
    expect(r.stderr).toMatch(/> 1 \| .*const x = 1/);
  });

  it.each([
    ['no --doc', ['dry-run', ORDERS], 'no document given'],
    ['a missing document file', ['dry-run', ORDERS, '--doc', 'nope.json'], '--doc nope.json: no such file'],
    ['a document that is not an object', ['dry-run', ORDERS, '--doc', '-'], 'a document is a JSON object, not an array', '[1, 2]'],
    ['a malformed document, with its place', ['dry-run', ORDERS, '--doc', '-'], 'line 2, column', '{\n  "a": }'],
    ['--roles without --user', ['dry-run', ORDERS, '--doc', '-', '--roles', 'a'], 'give --user too', '{}'],
    ['a legacy config with several databases and no --db', ['dry-run', 'legacy.json', '--doc', '-', '--target', '2.8'], 'name one', '{}'],
    ['a bootstrap config', ['dry-run', 'examples/3.x/bootstrap.json', '--doc', '-'], 'holds no database', '{}'],
    ['a document the gateway refuses before running the function', ['dry-run', ORDERS, '--doc', '-'], "'_sync' is a reserved internal property", '{"_sync": {}}'],
  ] as const)('%s is misuse (exit 2) with a reason', async (_name, args, message, stdin?: string) => {
    const legacy = folder({ 'legacy.json': { databases: { a: { server: 'walrus:', bucket: 'a' }, b: { server: 'walrus:', bucket: 'b' } } } });
    const r = await runCli(args.map((a) => (a === 'legacy.json' ? path.join(legacy, a) : a)), { stdin: stdin ?? '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
