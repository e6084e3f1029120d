import { describe, expect, it } from 'vitest';
import {
  apiKeyError,
  apiKeyFormError,
  hyperliquidFormErrors,
  isHyperliquidFormReady,
  privateKeyError,
  walletAddressError,
} from './credentials.js';
import { credentialMessages as m } from './messages.js';

const wallet = `0x${'a1'.repeat(20)}`;
const key = `0x${'b2'.repeat(32)}`;

describe('walletAddressError', () => {
  it.each([
    ['a valid address', wallet, null],
    ['empty', '', 'Wallet address is required'],
    ['missing 0x', 'a1'.repeat(21), 'Wallet address must start with 0x'],
    ['too short', '0x1234', 'Wallet address must be 42 characters long'],
    ['not hex', `0x${'zz'.repeat(20)}`, m.walletHex],
    ['null', null, 'Wallet address is required'],
  ])('%s', (_scenario, input, expected) => {
    expect(walletAddressError(input)).toBe(expected);
  });
});

describe('apiKeyError / privateKeyError', () => {
  it.each([
    ['valid', key, null, null],
    ['empty', ' ', 'API key is required', 'Private key is required'],
    ['no 0x', 'abc', 'API key must start with 0x', 'Private key must start with 0x'],
    ['far too long', `0x${'c'.repeat(300)}`, m.tooLong, m.tooLong],
  ])('%s', (_scenario, input, apiMessage, privateMessage) => {
    expect(apiKeyError(input)).toBe(apiMessage);
    expect(privateKeyError(input)).toBe(privateMessage);
  });
});

describe('Hyperliquid form', () => {
  it('is ready only when all three fields are valid', () => {
    expect(isHyperliquidFormReady({ walletAddress: wallet, apiKey: key, privateKey: key })).toBe(
      true,
    );
    expect(isHyperliquidFormReady({ walletAddress: wallet, apiKey: key })).toBe(false);
  });

  it('lists every field error at once', () => {
    expect(hyperliquidFormErrors({ walletAddress: '0x1', apiKey: 'k' })).toEqual({
      walletAddress: m.walletLength,
      apiKey: m.apiKeyPrefix,
      privateKey: m.privateKeyRequired,
    });
  });
});

describe('apiKeyFormError', () => {
  it.each([
    [
      'complete',
      { exchangeId: 'hyperliquid', apiKey: key, apiSecret: key, walletAddress: wallet },
      null,
    ],
    [
      'no key',
      { exchangeId: 'hyperliquid', apiSecret: key, walletAddress: wallet },
      ['apiKey', 'API key is required'],
    ],
    [
      'no secret',
      { exchangeId: 'hyperliquid', apiKey: key, walletAddress: wallet },
      ['apiSecret', 'API secret is required'],
    ],
    [
      'no wallet for Hyperliquid',
      { exchangeId: 'hyperliquid', apiKey: key, apiSecret: key },
      ['walletAddress', 'Wallet address is required for Hyperliquid'],
    ],
    [
      'a malformed wallet',
      { exchangeId: 'hyperliquid', apiKey: key, apiSecret: key, walletAddress: '0x12' },
      ['walletAddress', m.walletLength],
    ],
    [
      'a secret too long',
      { exchangeId: 'hyperliquid', apiKey: key, apiSecret: 's'.repeat(300), walletAddress: wallet },
      ['apiSecret', m.tooLong],
    ],
    [
      'another exchange needs no wallet',
      { exchangeId: 'other', apiKey: 'k', apiSecret: 's' },
      null,
    ],
  ])('%s', (_scenario, form, expected) => {
    const result = apiKeyFormError(form);
    expect(result && [result.field, result.message]).toEqual(expected);
  });
});
