import {
  createL1ActionHash,
  signL1Action,
  signUserSignedAction,
} from '@nktkas/hyperliquid/signing';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { hashTypedData } from './eip712.js';
import { addressOfPrivateKey, generatePrivateKey, walletFromPrivateKey } from './wallet.js';

// HYPERLIQUID.md appendix: hyperliquid-python-sdk tests/signing_test.py.
const KEY = '0x0123456789012345678901234567890123456789012345678901234567890123';
const ADDRESS = '0x14791697260e4c9a71f18484c9f997b308e59325';
const order = {
  type: 'order',
  orders: [{ a: 1, b: true, p: '100', s: '100', r: false, t: { limit: { tif: 'Gtc' } } }],
  grouping: 'na',
};
const dummy = { type: 'dummy', num: 100000000000 };
const VAULT = '0x1719884eb866cb12b2287399b15f7db5e7d775ea';

const l1Vectors = [
  {
    name: 'dummy',
    action: dummy,
    mainnet: ['0x53749d5b30552aeb2fca34b530185976545bb22d0b3ce6f62e31be961a59298', 27],
    testnet: ['0x542af61ef1f429707e3c76c5293c80d01f74ef853e34b76efffcb57e574f9510', 28],
  },
  {
    name: 'order',
    action: order,
    mainnet: ['0xd65369825a9df5d80099e513cce430311d7d26ddf477f5b3a33d2806b100d78e', 28],
    testnet: ['0x82b2ba28e76b3d761093aaded1b1cdad4960b3af30212b343fb2e6cdfa4e3d54', 27],
  },
  {
    name: 'cloid',
    action: { ...order, orders: [{ ...order.orders[0], c: '0x00000000000000000000000000000001' }] },
    mainnet: ['0x41ae18e8239a56cacbc5dad94d45d0b747e5da11ad564077fcac71277a946e3', 27],
    testnet: ['0xeba0664bed2676fc4e5a743bf89e5c7501aa6d870bdb9446e122c9466c5cd16d', 28],
  },
  {
    name: 'vault',
    action: dummy,
    vaultAddress: VAULT,
    mainnet: ['0x3c548db75e479f8012acf3000ca3a6b05606bc2ec0c29c50c515066a326239', 28],
    testnet: ['0xe281d2fb5c6e25ca01601f878e4d69c965bb598b88fac58e475dd1f5e56c362b', 27],
  },
  {
    name: 'tpsl',
    action: {
      ...order,
      orders: [
        {
          ...order.orders[0],
          t: { trigger: { isMarket: true, triggerPx: '103', tpsl: 'sl' } },
        },
      ],
    },
    mainnet: ['0x98343f2b5ae8e26bb2587daad3863bc70d8792b09af1841b6fdd530a2065a3f9', 27],
    testnet: ['0x971c554d917c44e0e1b6cc45d8f9404f32172a9d3b3566262347d0302896a2e4', 28],
  },
] as const;

const sameR = (a: string, b: string) => BigInt(a) === BigInt(b);

describe('walletFromPrivateKey', () => {
  const wallet = walletFromPrivateKey(KEY);

  it('derives the address of the official test key', () => {
    expect(wallet.address).toBe(ADDRESS);
    expect(addressOfPrivateKey(KEY)).toBe(ADDRESS);
  });

  it('signs L1 actions through the SDK as the Python SDK does', async () => {
    for (const vector of l1Vectors) {
      for (const network of ['mainnet', 'testnet'] as const) {
        const signature = await signL1Action({
          wallet,
          action: vector.action as unknown as Record<string, unknown>,
          nonce: 0,
          isTestnet: network === 'testnet',
          ...('vaultAddress' in vector ? { vaultAddress: vector.vaultAddress } : {}),
        });
        const [r, v] = vector[network];
        expect(sameR(signature.r, r), `${vector.name} ${network} r`).toBe(true);
        expect(signature.v, `${vector.name} ${network} v`).toBe(v);
      }
    }
  });

  it('signs the user-signed usdSend vector (testnet)', async () => {
    const signature = await signUserSignedAction({
      wallet,
      action: {
        destination: '0x5e9ee1089755c3435139848e47e6635505d5a13a',
        amount: '1',
        time: 1687816341423,
        signatureChainId: '0x66eee',
        hyperliquidChain: 'Testnet',
      },
      types: {
        'HyperliquidTransaction:UsdSend': [
          { name: 'hyperliquidChain', type: 'string' },
          { name: 'destination', type: 'string' },
          { name: 'amount', type: 'string' },
          { name: 'time', type: 'uint64' },
        ],
      },
    });
    expect(signature.r).toBe('0x637b37dd731507cdd24f46532ca8ba6eec616952c56218baeff04144e4a77073');
    expect(signature.v).toBe(27);
  });

  it('refuses a malformed key without repeating it', () => {
    expect(() => walletFromPrivateKey('0x1234secret')).toThrow(/^Invalid private key$/);
    expect(() => walletFromPrivateKey(`0x${'0'.repeat(64)}`)).toThrow('Invalid private key');
  });
});

describe('connectionId (SDK hashing, checked against the vector)', () => {
  it('matches the IOC order vector at nonce 1677777606040', () => {
    const action = {
      type: 'order',
      orders: [{ a: 4, b: true, p: '1670.1', s: '0.0147', r: false, t: { limit: { tif: 'Ioc' } } }],
      grouping: 'na',
    };
    expect(createL1ActionHash({ action, nonce: 1677777606040 })).toBe(
      '0x0fcbeda5ae3c4950a548021552a4fea2226858c4453571bf3f24ba017eac2908',
    );
  });
});

describe('hashTypedData', () => {
  it('gives the digest of the EIP-712 specification example (nested structs)', () => {
    const digest = hashTypedData({
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
        to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
        contents: 'Hello, Bob!',
      },
    });
    expect(bytesToHex(digest)).toBe(
      'be609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2',
    );
  });
});

describe('generatePrivateKey', () => {
  it('makes distinct, usable keys', () => {
    const a = generatePrivateKey();
    const b = generatePrivateKey();
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(addressOfPrivateKey(a)).toMatch(/^0x[0-9a-f]{40}$/);
  });
});
