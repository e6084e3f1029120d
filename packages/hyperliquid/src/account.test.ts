import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createL1ActionHash } from '@nktkas/hyperliquid/signing';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { hashTypedData } from './eip712.js';
import { ExchangeError } from './errors.js';
import { USER_FILLS } from './testing/fixtures.js';
import { setup } from './testing/setup.js';

const API_KEY = '0x0123456789012345678901234567890123456789012345678901234567890123';
const API_ADDRESS = '0x14791697260e4c9a71f18484c9f997b308e59325';
const MASTER = '0x00000000000000000000000000000000000000aa';
const ok = (statuses: unknown[]) => ({
  status: 'ok',
  response: { type: 'order', data: { statuses } },
});

function accountSetup() {
  const s = setup();
  const account = s.exchange.account({ walletAddress: MASTER, privateKey: API_KEY });
  const sent = (type: string) =>
    s.transport.requests.filter((r) => r.payload.action?.type === type).map((r) => r.payload);
  return { ...s, account, sent };
}

/** The address that signed an L1 request (testnet: source "b"). */
function signerOf(payload: Record<string, unknown>): string {
  const { r, s, v } = payload.signature as { r: string; s: string; v: number };
  const connectionId = createL1ActionHash({
    action: payload.action as Record<string, unknown>,
    nonce: payload.nonce as number,
  });
  const digest = hashTypedData({
    domain: {
      name: 'Exchange',
      version: '1',
      chainId: 1337,
      verifyingContract: `0x${'0'.repeat(40)}`,
    },
    types: {
      Agent: [
        { name: 'source', type: 'string' },
        { name: 'connectionId', type: 'bytes32' },
      ],
    },
    primaryType: 'Agent',
    message: { source: 'b', connectionId },
  });
  const sig = new secp256k1.Signature(BigInt(r), BigInt(s), v - 27);
  const publicKey = sig.recoverPublicKey(digest).toBytes(false);
  return `0x${bytesToHex(keccak_256(publicKey.subarray(1))).slice(-40)}`;
}
describe('account', () => {
  it('reads with the master address', async () => {
    const { transport, account } = accountSetup();
    transport.on('clearinghouseState', (p: { user: string }) => {
      expect(p.user).toBe(MASTER);
      return {
        marginSummary: { accountValue: '10', totalMarginUsed: '1' },
        withdrawable: '9',
        assetPositions: [],
      };
    });
    transport.on('spotClearinghouseState', { balances: [] });
    expect(await account.balance()).toEqual({
      total: { USDC: 10 },
      used: { USDC: 1 },
      free: { USDC: 9 },
      info: { usdcValue: 10 },
    });
  });

  it('places a limit order signed by the API wallet', async () => {
    const { transport, account, sent } = accountSetup();
    transport.on('order', ok([{ resting: { oid: 77 } }]));
    const placed = await account.placeOrder({
      symbol: 'BTC-USD',
      side: 'buy',
      size: 0.0012345678,
      price: 64999.99,
      orderType: 'limit',
      reduceOnly: false,
    });
    expect(placed).toEqual({ id: '77', status: 'resting', filled: 0, averagePrice: null });
    const [request] = sent('order');
    expect(request?.action).toEqual({
      type: 'order',
      orders: [{ a: 0, b: true, p: '64999', s: '0.00123', r: false, t: { limit: { tif: 'Gtc' } } }],
      grouping: 'na',
    });
    expect(signerOf(request!)).toBe(API_ADDRESS);
  });

  it('sends a market order as Ioc at mid × 1.05 and reports the fill', async () => {
    const { transport, account, sent } = accountSetup();
    transport.on('order', ok([{ filled: { totalSz: '0.01', avgPx: '65010.5', oid: 9 } }]));
    const placed = await account.placeOrder({
      symbol: 'ETH',
      side: 'buy',
      size: 0.01,
      price: null,
      orderType: 'market',
      reduceOnly: true,
    });
    expect(placed).toEqual({ id: '9', status: 'filled', filled: 0.01, averagePrice: 65010.5 });
    // 3200.25 × 1.05 = 3360.2625 → 5 significant figures.
    expect(sent('order')[0]?.action).toMatchObject({
      orders: [{ a: 1, p: '3360.2', s: '0.01', r: true, t: { limit: { tif: 'Ioc' } } }],
    });
  });

  it.each([
    {
      scenario: 'whole request refused',
      answer: { status: 'err', response: 'User or API Wallet 0xabc does not exist.' },
      message: 'User or API Wallet 0xabc does not exist.',
    },
    {
      scenario: 'one order refused',
      answer: ok([{ error: 'Order must have minimum value of $10. asset=0' }]),
      message: 'Order must have minimum value of $10.',
    },
  ])('refuses with the exchange text: $scenario', async ({ answer, message }) => {
    const { transport, account } = accountSetup();
    transport.on('order', answer);
    const placing = account.placeOrder({
      symbol: 'BTC',
      side: 'sell',
      size: 0.001,
      price: 70000,
      orderType: 'limit',
      reduceOnly: false,
    });
    await expect(placing).rejects.toEqual(new ExchangeError('rejected', message));
    await expect(placing).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('cancels, sets cross leverage and resolves asset ids', async () => {
    const { transport, account, sent } = accountSetup();
    transport.on('cancel', {
      status: 'ok',
      response: { type: 'cancel', data: { statuses: ['success'] } },
    });
    transport.on('updateLeverage', { status: 'ok', response: { type: 'default' } });
    await account.cancelOrder(123, 2);
    await account.setLeverage('kpepe', 7);
    expect(await account.assetId('ETH-USD')).toBe(1);
    expect(await account.maxLeverage('ETH-USD')).toBe(25);
    expect(sent('cancel')[0]?.action).toEqual({ type: 'cancel', cancels: [{ a: 2, o: 123 }] });
    expect(sent('updateLeverage')[0]?.action).toEqual({
      type: 'updateLeverage',
      asset: 2,
      isCross: true,
      leverage: 7,
    });
  });

  it('sends isolated updateLeverage with the wire key order, signed by the API wallet', async () => {
    const { transport, account, sent } = accountSetup();
    transport.on('updateLeverage', { status: 'ok', response: { type: 'default' } });
    await account.setLeverage('ETH-USD', 3, false);
    const [payload] = sent('updateLeverage');
    // Key order is part of the hash (HYPERLIQUID.md section 2): type, asset, isCross, leverage.
    expect(Object.keys(payload!.action!)).toEqual(['type', 'asset', 'isCross', 'leverage']);
    expect(payload!.action).toEqual({
      type: 'updateLeverage',
      asset: 1,
      isCross: false,
      leverage: 3,
    });
    expect(signerOf(payload!)).toBe(API_ADDRESS);
  });

  it('reports the exchange refusing a leverage as rejected, with its text', async () => {
    const { transport, account } = accountSetup();
    transport.on('updateLeverage', { status: 'err', response: 'Invalid leverage value' });
    await expect(account.setLeverage('BTC', 41)).rejects.toEqual(
      new ExchangeError('rejected', 'Invalid leverage value'),
    );
  });

  it('closes every position with reduce-only market orders, reporting failures', async () => {
    const { transport, account, sent } = accountSetup();
    const position = (coin: string, szi: string) => ({
      type: 'oneWay',
      position: {
        coin,
        szi,
        leverage: { type: 'cross', value: 5 },
        entryPx: '1',
        positionValue: '1',
        unrealizedPnl: '0',
        returnOnEquity: '0',
        liquidationPx: null,
        marginUsed: '1',
      },
    });
    transport.on('clearinghouseState', {
      marginSummary: { accountValue: '1', totalMarginUsed: '0' },
      withdrawable: '1',
      assetPositions: [position('BTC', '-0.002'), position('ETH', '0.5')],
    });
    transport.on('order', (p: { action: { orders: { a: number }[] } }) =>
      p.action.orders[0]?.a === 0
        ? ok([{ filled: { totalSz: '0.002', avgPx: '65000', oid: 1 } }])
        : ok([{ error: 'Reduce only order would increase position. asset=1' }]),
    );
    expect(await account.closeAllPositions()).toEqual({
      closed: [{ symbol: 'BTC-USD', size: 0.002 }],
      failed: [{ symbol: 'ETH-USD', message: 'Reduce only order would increase position.' }],
    });
    expect(sent('order').map((r) => r.action)).toMatchObject([
      { orders: [{ a: 0, b: true, r: true, s: '0.002', t: { limit: { tif: 'Ioc' } } }] },
      { orders: [{ a: 1, b: false, r: true, s: '0.5' }] },
    ]);
  });

  it('reads fills from a start time, following full pages, oldest first', async () => {
    const { transport, account } = accountSetup();
    const fill = (tid: number, time: number) => ({ ...USER_FILLS[0], tid, time, oid: 7 });
    const first = Array.from({ length: 2000 }, (_, i) => fill(i + 1, 1000 + Math.floor(i / 2)));
    transport.on('userFillsByTime', (p: { user: string; startTime: number }) => {
      expect(p.user).toBe(MASTER);
      // The second page starts at the last fill's millisecond; its repeat is dropped by tid.
      return p.startTime === 500 ? first : [fill(2000, 1999), fill(2001, 2000)];
    });
    const fills = await account.fillsSince(500);
    expect(transport.count('userFillsByTime')).toBe(2);
    expect(fills).toHaveLength(2001);
    expect(fills[0]).toMatchObject({ tid: 1, time: 1000, oid: '7', cloid: null });
    expect(fills.at(-1)).toMatchObject({ tid: 2001, time: 2000 });
  });

  it('refuses a malformed API key without repeating it', async () => {
    const { exchange } = setup();
    const account = exchange.account({ walletAddress: MASTER, privateKey: '0xsecretsecret' });
    const error: unknown = await account.cancelOrder(1, 0).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected' });
    expect(String((error as Error).message)).not.toContain('secret');
  });
});
