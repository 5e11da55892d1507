// A minimal Language Server Protocol client over the server's standard input and output, for the tests
// that talk to `sgconf lsp` message by message and for the benchmark's latency measurement (the real
// editor is tested in test/clients/neovim.test.ts).
import { spawn } from 'node:child_process';

/** @typedef {{ id?: number, method?: string, params?: any, result?: any, error?: any }} LspMessage */

export class LspClient {
  buffer = Buffer.alloc(0);
  nextId = 1;
  /** @type {{ test: (m: LspMessage) => boolean, resolve: (m: LspMessage) => void }[]} */
  waiting = [];
  /** @type {LspMessage[]} */
  received = [];

  constructor(bin, cwd) {
    this.child = spawn(process.execPath, [bin, 'lsp'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk) => this.read(chunk));
    this.stderr = '';
    this.child.stderr.on('data', (chunk) => { this.stderr += chunk; });
  }

  read(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const header = this.buffer.indexOf('\r\n\r\n');
      if (header < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, header).toString())?.[1]);
      if (this.buffer.length < header + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(header + 4, header + 4 + length).toString('utf8'));
      this.buffer = this.buffer.subarray(header + 4 + length);
      this.received.push(message);
      const at = this.waiting.findIndex((w) => w.test(message));
      if (at >= 0) this.waiting.splice(at, 1)[0].resolve(message);
    }
  }

  send(message) {
    const text = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.child.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  }

  /** Bytes as they are, a malformed message for instance. */
  sendRaw(bytes) {
    this.child.stdin.write(bytes);
  }

  /** The next message that passes `test` (among those not yet received). */
  next(test, timeoutMs = 15_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message from the server in time')), timeoutMs);
      this.waiting.push({ test, resolve: (m) => { clearTimeout(timer); resolve(m); } });
    });
  }

  async request(method, params) {
    const id = this.nextId++;
    const answer = this.next((m) => m.id === id && m.method === undefined);
    this.send({ id, method, params });
    return answer;
  }

  diagnostics(uri, version) {
    return this.next((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && m.params.version === version);
  }

  async initialize() {
    const answer = await this.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    this.send({ method: 'initialized', params: {} });
    return answer;
  }

  alive() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  close() {
    this.child.kill();
  }
}
