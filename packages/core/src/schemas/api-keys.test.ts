import { describe, expect, it } from 'vitest';
import {
  ApiKeyListResponseSchema,
  ApiKeyRequestSchema,
  ApiKeyUpdateRequestSchema,
  ConnectExchangeFormSchema,
  ConnectExchangeRequestSchema,
  ConnectExchangeResponseSchema,
  ExchangeListResponseSchema,
} from './api-keys.js';

const wallet = `0x${'a1'.repeat(20)}`;
const key = `0x${'b2'.repeat(32)}`;
const complete = { exchangeId: 'hyperliquid', walletAddress: wallet, apiKey: key, apiSecret: key };

describe('ApiKeyRequestSchema', () => {
  it('fills the defaults: mainnet, active', () => {
    expect(ApiKeyRequestSchema.parse(complete)).toEqual({
      ...complete,
      network: 'mainnet',
      isActive: true,
    });
  });

  it.each([
    ['no API key', { ...complete, apiKey: '' }, 'apiKey', 'API key is required'],
    ['no secret', { ...complete, apiSecret: undefined }, 'apiSecret', 'API secret is required'],
    [
      'no wallet',
      { ...complete, walletAddress: ' ' },
      'walletAddress',
      'Wallet address is required for Hyperliquid',
    ],
    [
      'a short wallet',
      { ...complete, walletAddress: '0x12' },
      'walletAddress',
      'Wallet address must be 42 characters long',
    ],
    [
      'another exchange',
      { ...complete, exchangeId: 'binance' },
      'exchangeId',
      'Only Hyperliquid is supported',
    ],
    [
      'a key too long',
      { ...complete, apiKey: `0x${'a'.repeat(300)}` },
      'apiKey',
      'API key must be at most 256 characters',
    ],
  ])('refuses %s', (_scenario, input, path, message) => {
    const issue = ApiKeyRequestSchema.safeParse(input).error?.issues[0];
    expect([issue?.path.join('.'), issue?.message]).toEqual([path, message]);
  });

  it('a paper connection needs no keys', () => {
    expect(ApiKeyRequestSchema.parse({ network: 'paper' })).toMatchObject({
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
  });

  it('update takes the same payload plus an id', () => {
    expect(ApiKeyUpdateRequestSchema.parse({ ...complete, id: 'k1' }).id).toBe('k1');
    expect(ApiKeyUpdateRequestSchema.safeParse({ id: 'k1' }).success).toBe(false);
  });
});

describe('exchange connections', () => {
  it('connect needs the trading-permission checkbox on the form', () => {
    expect(ConnectExchangeRequestSchema.safeParse(complete).success).toBe(true);
    expect(ConnectExchangeFormSchema.safeParse(complete).error?.issues[0]?.message).toBe(
      'Please confirm that your API keys have trading permissions',
    );
    expect(
      ConnectExchangeFormSchema.safeParse({ ...complete, confirmTradingPermissions: true }).success,
    ).toBe(true);
  });

  it('lists keys in masked form and connections', () => {
    const item = {
      id: 'k1',
      exchangeId: 'hyperliquid',
      network: 'mainnet',
      maskedWalletAddress: '0xa1a1...a1a1',
      maskedApiKey: '0xb2b2...b2b2',
      maskedApiSecret: '****b2b2',
      hasWalletAddress: true,
      isActive: true,
      lastUsed: null,
    };
    expect(ApiKeyListResponseSchema.parse({ success: true, data: [item] }).data[0]).toEqual(item);
    const exchanges = {
      success: true,
      exchanges: [{ id: 'c1', name: 'Hyperliquid', connectedAt: '2025-01-01T00:00:00Z' }],
    };
    expect(ExchangeListResponseSchema.parse(exchanges)).toEqual(exchanges);
    const connected = {
      success: true,
      exchangeName: 'Hyperliquid',
      exchange: exchanges.exchanges[0],
    };
    expect(ConnectExchangeResponseSchema.parse(connected)).toEqual(connected);
  });
});
