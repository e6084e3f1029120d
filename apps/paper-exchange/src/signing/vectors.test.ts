import { describe, expect, it } from 'vitest';
import { signDigest, VECTOR_ADDRESS, VECTOR_KEY } from '../test/wallet.js';
import { actionConnectionId, l1ActionDigest } from './action-hash.js';
import { canonicalL1Action } from './canonical.js';
import { recoverSigner } from './recover.js';
import { USD_SEND_FIELDS, userSignedDigest } from './user-signed.js';

/** The official Python SDK's tests/signing_test.py vectors (HYPERLIQUID.md appendix). */

const order = {
  type: 'order',
  orders: [{ a: 1, b: true, p: '100', s: '100', r: false, t: { limit: { tif: 'Gtc' } } }],
  grouping: 'na',
};
const dummy = { type: 'dummy', num: 100000000000 };
const cloidOrder = {
  ...order,
  orders: [{ ...order.orders[0], c: '0x00000000000000000000000000000001' }],
};
const tpsl = {
  type: 'order',
  orders: [
    {
      ...order.orders[0],
      t: { trigger: { isMarket: true, triggerPx: '103', tpsl: 'sl' } },
    },
  ],
  grouping: 'na',
};
const vault = '0x1719884eb866cb12b2287399b15f7db5e7d775ea';

const cases: {
  name: string;
  action: unknown;
  vault?: string;
  mainnet: [string, number];
  testnet: [string, number];
}[] = [
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
    action: cloidOrder,
    mainnet: ['0x41ae18e8239a56cacbc5dad94d45d0b747e5da11ad564077fcac71277a946e3', 27],
    testnet: ['0xeba0664bed2676fc4e5a743bf89e5c7501aa6d870bdb9446e122c9466c5cd16d', 28],
  },
  {
    name: 'vault',
    action: dummy,
    vault,
    mainnet: ['0x3c548db75e479f8012acf3000ca3a6b05606bc2ec0c29c50c515066a326239', 28],
    testnet: ['0xe281d2fb5c6e25ca01601f878e4d69c965bb598b88fac58e475dd1f5e56c362b', 27],
  },
  {
    name: 'tpsl',
    action: tpsl,
    mainnet: ['0x98343f2b5ae8e26bb2587daad3863bc70d8792b09af1841b6fdd530a2065a3f9', 27],
    testnet: ['0x971c554d917c44e0e1b6cc45d8f9404f32172a9d3b3566262347d0302896a2e4', 28],
  },
];

/** Signs with the vector key, checks r and v against the SDK's, then recovers from its r. */
function expectVector(digest: Uint8Array, [r, v]: [string, number]): void {
  const ours = signDigest(VECTOR_KEY, digest);
  expect(BigInt(ours.r)).toBe(BigInt(r));
  expect(ours.v).toBe(v);
  // The printed r drops leading zeros; recovery must left-pad it.
  expect(recoverSigner(digest, { r, s: ours.s, v })).toBe(VECTOR_ADDRESS);
}

describe('signing vectors', () => {
  it('connectionId of the IOC order at 1670.1/0.0147, asset 4', () => {
    const action = canonicalL1Action({
      type: 'order',
      orders: [{ a: 4, b: true, p: '1670.1', s: '0.0147', r: false, t: { limit: { tif: 'Ioc' } } }],
      grouping: 'na',
    });
    expect(actionConnectionId(action, 1677777606040)).toBe(
      '0x0fcbeda5ae3c4950a548021552a4fea2226858c4453571bf3f24ba017eac2908',
    );
  });

  for (const vector of cases) {
    for (const network of ['mainnet', 'testnet'] as const) {
      it(`${vector.name} on ${network}`, () => {
        const action = canonicalL1Action(vector.action);
        const connectionId = actionConnectionId(action, 0, vector.vault);
        expectVector(l1ActionDigest(connectionId, network === 'mainnet'), vector[network]);
      });
    }
  }

  it('usdSend on testnet (user-signed)', () => {
    const digest = userSignedDigest(
      'UsdSend',
      USD_SEND_FIELDS,
      {
        hyperliquidChain: 'Testnet',
        destination: '0x5e9ee1089755c3435139848e47e6635505d5a13a',
        amount: '1',
        time: 1687816341423,
      },
      '0x66eee',
    );
    expectVector(digest, [
      '0x637b37dd731507cdd24f46532ca8ba6eec616952c56218baeff04144e4a77073',
      27,
    ]);
  });

  it('a signature that is not a curve point recovers nobody', () => {
    const digest = new Uint8Array(32);
    expect(recoverSigner(digest, { r: '0x0', s: '0x1', v: 27 })).toBeNull();
  });
});
