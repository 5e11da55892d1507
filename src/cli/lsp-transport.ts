// The language server's reader of standard input: LSP's base protocol (headers, a blank line, a JSON body
// of Content-Length bytes), read leniently. vscode-jsonrpc's own reader stops understanding the stream at
// the first malformed header; this one drops what it cannot read, says so on standard error, and finds the
// next message, so that one bad message from a client never silences the server.
import { AbstractMessageReader, type DataCallback, type Disposable, type Message } from 'vscode-languageserver/node.js';

/** A body larger than this is skipped unread (a 20 MB document is about 20 MB of JSON). */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** Header text without its end this long is not a header. */
const MAX_HEADER_BYTES = 64 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /^content-length:[ \t]*(\d+)[ \t]*$/im;

export class LenientMessageReader extends AbstractMessageReader {
  private chunks: Buffer[] = [];
  private length = 0;
  /** The body's length once its header was read; null while a header is awaited. */
  private bodyLength: number | null = null;
  /** Bytes of an oversized body still to skip. */
  private skipping = 0;

  constructor(private readonly input: NodeJS.ReadableStream, private readonly complain: (message: string) => void) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const onData = (chunk: Buffer) => this.onData(chunk, callback);
    const onEnd = () => this.fireClose();
    this.input.on('data', onData);
    this.input.on('end', onEnd);
    this.input.on('close', onEnd);
    return {
      dispose: () => {
        this.input.off('data', onData);
        this.input.off('end', onEnd);
        this.input.off('close', onEnd);
      },
    };
  }

  private onData(chunk: Buffer, callback: DataCallback): void {
    if (this.skipping > 0) {
      const skipped = Math.min(this.skipping, chunk.length);
      this.skipping -= skipped;
      chunk = chunk.subarray(skipped);
      if (chunk.length === 0) return;
    }
    this.chunks.push(chunk);
    this.length += chunk.length;
    for (;;) {
      if (this.bodyLength === null && !this.readHeader()) return;
      // A body arrives in many chunks: they are joined once, when all of it is here.
      if (this.length < this.bodyLength!) return;
      const all = this.take();
      const body = all.subarray(0, this.bodyLength!);
      this.keep(all.subarray(this.bodyLength!));
      this.bodyLength = null;
      const message = parseMessage(body);
      if (message) callback(message);
      else this.complain('a message that is not a JSON-RPC object was dropped');
    }
  }

  /** Reads one header; false when more bytes are needed. Malformed headers are dropped up to the next one. */
  private readHeader(): boolean {
    for (;;) {
      const all = this.take();
      this.keep(all);
      const end = all.indexOf(HEADER_END);
      if (end < 0) {
        if (all.length > MAX_HEADER_BYTES) {
          this.complain(`${all.length} bytes without a message header were dropped`);
          this.resync(all, 1);
        }
        return false;
      }
      const header = all.subarray(0, end).toString('ascii');
      const match = CONTENT_LENGTH.exec(header);
      const length = match ? Number(match[1]) : NaN;
      if (!Number.isSafeInteger(length) || !header.split(/\r\n/).every((line) => line.includes(':'))) {
        this.complain(`a malformed message header was dropped: ${JSON.stringify(header.slice(0, 200))}`);
        this.resync(all, 1);
        continue;
      }
      const rest = all.subarray(end + HEADER_END.length);
      if (length > MAX_MESSAGE_BYTES) {
        this.complain(`a message of ${length} bytes (more than ${MAX_MESSAGE_BYTES}) was skipped`);
        const skipped = Math.min(length, rest.length);
        this.skipping = length - skipped;
        this.keep(rest.subarray(skipped));
        continue;
      }
      this.keep(rest);
      this.bodyLength = length;
      return true;
    }
  }

  /**
   * Drops everything before the next "Content-Length:" at or after `from` (a header follows the previous
   * body directly, with no line break); with none, keeps only a tail that may be the start of one.
   */
  private resync(all: Buffer, from: number): void {
    const next = all.subarray(from).toString('latin1').search(/content-length:/i);
    if (next >= 0) this.keep(all.subarray(from + next));
    else this.keep(all.subarray(Math.max(from, all.length - 'content-length:'.length)));
  }

  private take(): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.chunks = [];
    this.length = 0;
    return all;
  }

  private keep(rest: Buffer): void {
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
  }
}

function parseMessage(body: Buffer): Message | null {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Message) : null;
  } catch {
    return null;
  }
}
