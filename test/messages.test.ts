import { describe, expect, it } from 'vitest';
import { joinDetail, splitMessage } from '../src/messages.js';

describe('a finding\'s words', () => {
  it.each([
    // [text a stage wrote, message, detail]
    ['"num_index_replicas" is deprecated. Use index.num_replicas instead.', '"num_index_replicas" is deprecated', 'Use index.num_replicas instead.'],
    ['the server is not a TLS address.', 'the server is not a TLS address', undefined],
    ['the server is not a TLS address', 'the server is not a TLS address', undefined],
    ['a value of 1.5 is not an integer. Write 2.', 'a value of 1.5 is not an integer', 'Write 2.'],
    ['the list goes on...', 'the list goes on...', undefined],
  ])('%s: one sentence without a full stop, the rest its detail', (text, message, detail) => {
    expect(splitMessage(text)).toEqual(detail === undefined ? { message } : { message, detail });
  });

  it('puts the full stop back where a format joins the two', () => {
    const { message, detail } = splitMessage('"pool" is deprecated. It has no effect.');
    expect(joinDetail(message, detail)).toBe('"pool" is deprecated. It has no effect.');
  });
});
