// The process's output: written to the descriptor; when the descriptor is non-blocking and full (EAGAIN),
// the rest goes through Node's stream in order; when the reader is gone (EPIPE), output stops quietly.
// The descriptor's answers are simulated here (a non-blocking stdout cannot be set up from a test).
import { afterEach, describe, expect, it, vi } from 'vitest';

const fsState = vi.hoisted(() => ({ accepted: [] as string[], budget: Infinity, failWith: '' }));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return {
    ...actual,
    writeSync: (fd: number, buffer: Buffer, offset: number, length: number) => {
      if (fd !== 1) return actual.writeSync(fd, buffer, offset, length);
      if (fsState.budget <= 0) throw Object.assign(new Error(fsState.failWith), { code: fsState.failWith });
      const n = Math.min(length, fsState.budget, 3); // a few bytes at a time, like a filling pipe
      fsState.budget -= n;
      fsState.accepted.push(buffer.subarray(offset, offset + n).toString('utf8'));
      return n;
    },
  };
});

const { processIO } = await import('../../src/cli/io.js');

afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(fsState, { accepted: [], budget: Infinity, failWith: '' });
});

describe('process output', () => {
  it('writes everything to the descriptor, in pieces if need be', () => {
    const io = processIO();
    io.stdout('héllo ');
    io.stdout('wörld\n');
    expect(fsState.accepted.join('')).toBe('héllo wörld\n');
  });

  it('EAGAIN: the rest of that text and all later text go through the stream, in order', () => {
    const streamed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      streamed.push(Buffer.from(chunk).toString('utf8'));
      return true;
    });
    Object.assign(fsState, { budget: 7, failWith: 'EAGAIN' });
    const io = processIO();
    io.stdout('first line ✓\n');
    io.stdout('second\n');
    expect(fsState.accepted.join('')).toBe('first l');
    expect(streamed.join('')).toBe('ine ✓\nsecond\n');
  });

  it('EPIPE: the reader is gone; no error, nothing more written', () => {
    const write = vi.spyOn(process.stdout, 'write');
    Object.assign(fsState, { budget: 4, failWith: 'EPIPE' });
    const io = processIO();
    expect(() => io.stdout('0123456789')).not.toThrow();
    expect(() => io.stdout('more')).not.toThrow();
    expect(fsState.accepted.join('')).toBe('0123');
    expect(write).not.toHaveBeenCalled();
  });

  it('any other write error is not swallowed', () => {
    Object.assign(fsState, { budget: 0, failWith: 'EIO' });
    expect(() => processIO().stdout('x')).toThrow('EIO');
  });
});
