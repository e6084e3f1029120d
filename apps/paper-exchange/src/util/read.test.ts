import { describe, expect, it } from 'vitest';
import { DESERIALIZE_ERROR } from '../errors.js';
import { MAX_STRING_LENGTH, readString } from './read.js';

describe('readString', () => {
  it('reads any well-formed text up to the length cap', () => {
    expect(readString('', 'x')).toBe('');
    expect(readString('bot ✓ 🤖 été', 'x')).toBe('bot ✓ 🤖 été');
    const longest = 'a'.repeat(MAX_STRING_LENGTH - 2) + '🤖';
    expect(readString(longest, 'x')).toBe(longest);
  });

  it.each([
    ['a NUL byte', 'bot\u0000'],
    ['a lone high surrogate', 'bot\ud800'],
    ['a lone low surrogate', '\udc00bot'],
    ['surrogates in the wrong order', '\udc00\ud800'],
    ['more than the cap', 'a'.repeat(MAX_STRING_LENGTH + 1)],
  ])('refuses %s as a malformed body', (_, text) => {
    expect(() => readString(text, 'agentName')).toThrow(DESERIALIZE_ERROR);
  });

  it('refuses what is not a string', () => {
    expect(() => readString(7, 'coin')).toThrow(`${DESERIALIZE_ERROR}: coin must be a string`);
  });
});
