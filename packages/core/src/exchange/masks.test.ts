import { describe, expect, it } from 'vitest';
import { maskApiKey, maskApiSecret, maskWalletAddress } from './masks.js';

describe('masks', () => {
  const wallet = '0x1234567890abcdef1234567890abcdef12345678';

  it.each([
    ['a wallet address', maskWalletAddress, wallet, '0x1234...5678'],
    ['an API key', maskApiKey, wallet, '0x1234...5678'],
    ['a short value is hidden', maskWalletAddress, '0x12345', '****'],
    ['a secret shows only its last 4', maskApiSecret, `0x${'ab'.repeat(31)}cdef`, '****cdef'],
    ['a short secret is hidden', maskApiSecret, '0xabc', '****'],
  ])('%s', (_scenario, mask, input, expected) => {
    expect(mask(input)).toBe(expected);
  });

  it('never reveals more than 10 characters of a secret-sized value', () => {
    const secret = `0x${'9f'.repeat(32)}`;
    expect(maskApiSecret(secret).replaceAll('*', '').length).toBeLessThanOrEqual(4);
    expect(maskWalletAddress(secret).replace('...', '').length).toBe(10);
  });
});
