// The language server under hostile input: URIs that name no local file, malformed messages, a document of
// 1,000,000 keys. It stays up, goes on answering, and exits when told to (docs/security.md).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../../bench/lsp-client.js';

const ROOT = path.resolve(__dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-lsp-hostile-'));
const client = new LspClient(path.join(ROOT, 'bin', 'sgconf.js'), dir);
afterAll(() => client.close());

const good = pathToFileURL(path.join(dir, 'db.json')).href;
const BROKEN = '{\n  "bucket": "b",\n  "revs_limit": "20"\n}\n';

/** The server still lints: a fresh version of a good document gets its diagnostics. */
let version = 0;
async function stillAnswers(): Promise<void> {
  version++;
  const published = client.diagnostics(good, version);
  if (version === 1) client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: good, languageId: 'json', version, text: BROKEN } } });
  else client.send({ method: 'textDocument/didChange', params: { textDocument: { uri: good, version }, contentChanges: [{ text: BROKEN }] } });
  const { params } = await published;
  expect(params.diagnostics.map((d: { code: string }) => d.code)).toContain('schema/type');
}

describe('sgconf lsp under hostile input', () => {
  it('starts', async () => {
    await client.initialize();
    await stillAnswers();
  });

  it.each([
    ['a file URI with a host', 'file://attacker.example/share/db.json'],
    ['an encoded "/" in a segment', 'file:///tmp/a%2Fb/db.json'],
    ['another scheme', 'untitled:Untitled-1.json'],
    ['not a URI at all', '::::'],
  ])('%s: the document is left alone, the server goes on', async (_name, uri) => {
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text: BROKEN } } });
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 3 } });
    expect(hover.error).toBeUndefined();
    await stillAnswers();
    expect(client.alive()).toBe(true);
  });

  it.each([
    ['a header without a colon', 'Content-Length 12\r\n\r\n{"id":1}'],
    ['no Content-Length', 'Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0"}'],
    ['a length that is not a number', 'Content-Length: lots\r\n\r\n{}'],
    ['a body that is not JSON', 'Content-Length: 9\r\n\r\nnot json!'],
    ['a JSON array body', 'Content-Length: 2\r\n\r\n[]'],
    ['garbage with no header at all', 'x'.repeat(70_000)],
  ])('%s: dropped with a word on standard error, and the next message is answered', async (_name, bytes) => {
    client.sendRaw(bytes);
    await stillAnswers();
    expect(client.alive()).toBe(true);
  });

  it('a malformed message and a good one in the same write: the good one is read', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 9001, method: 'shutdownX', params: null });
    client.sendRaw(`Content-Length: lots\r\n\r\n{}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const answer = await client.next((m) => m.id === 9001);
    expect(answer.error.code).toBe(-32601); // method not found: it was read and answered
  });

  it('a document of 1,000,000 keys is checked once, in the background, with a notice; the server answers meanwhile', async () => {
    const uri = pathToFileURL(path.join(dir, 'huge.json')).href;
    const keys = Array.from({ length: 1_000_000 }, (_, i) => `"key${String(i).padStart(7, '0')}": ${i}`);
    const text = `{"databases": {"db": {"server": "couchbases://cb.example.com", "bucket": "b", "enable_shared_bucket_access": true,\n${keys.join(',\n')}}}}`;
    const notice = client.next((m) => m.method === 'window/showMessage');
    // Its lint takes as long as `sgconf lint` of it (bench k): far longer than a message is waited for.
    const published = client.next((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri, 100_000);
    client.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text } } });
    expect((await notice).params.message).toMatch(/huge\.json is 2\d\.\d MB, too large to check while typing/);
    // While the check runs, other documents are answered.
    await stillAnswers();
    const { params } = await published;
    const unknown = params.diagnostics.filter((d: { code: string }) => d.code === 'schema/unknown-field');
    expect(unknown).toHaveLength(1001);
    expect(unknown.filter((d: { message: string }) => d.message.includes('and 999000 more schema/unknown-field findings'))).toHaveLength(1);
  }, 120_000);

  it('exits on exit', async () => {
    await client.request('shutdown', null);
    const exited = new Promise<number | null>((resolve) => client.child.once('exit', (code: number | null) => resolve(code)));
    client.send({ method: 'exit' });
    expect(await exited).toBe(0);
    expect(client.stderr).toContain('sgconf lsp: a malformed message header was dropped');
  });
});
