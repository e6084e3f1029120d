import { ApproveAgentTypes } from '@nktkas/hyperliquid/api/exchange';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { approveAgent } from './agents.js';
import { hashTypedData } from './eip712.js';
import { FakeTransport } from './testing/fake-transport.js';
import { addressOfPrivateKey, generatePrivateKey } from './wallet.js';

const MASTER_KEY = '0x0123456789012345678901234567890123456789012345678901234567890123';
const MASTER = '0x14791697260e4c9a71f18484c9f997b308e59325';

describe('approveAgent', () => {
  it('sends approveAgent signed by the master (testnet)', async () => {
    const transport = new FakeTransport().on('approveAgent', {
      status: 'ok',
      response: { type: 'default' },
    });
    const agentAddress = addressOfPrivateKey(generatePrivateKey());
    await approveAgent({
      transport,
      masterPrivateKey: MASTER_KEY,
      agentAddress,
      agentName: 'bingo',
    });
    const payload = transport.requests[0]?.payload as Record<string, unknown>;
    const action = payload.action as Record<string, unknown> & { signatureChainId: string };
    expect(action).toMatchObject({
      type: 'approveAgent',
      hyperliquidChain: 'Testnet',
      agentAddress,
      agentName: 'bingo',
    });
    const { r, s, v } = payload.signature as { r: string; s: string; v: number };
    const digest = hashTypedData({
      domain: {
        name: 'HyperliquidSignTransaction',
        version: '1',
        chainId: parseInt(action.signatureChainId),
        verifyingContract: `0x${'0'.repeat(40)}`,
      },
      types: ApproveAgentTypes,
      primaryType: 'HyperliquidTransaction:ApproveAgent',
      message: action,
    });
    const publicKey = new secp256k1.Signature(BigInt(r), BigInt(s), v - 27)
      .recoverPublicKey(digest)
      .toBytes(false);
    expect(`0x${bytesToHex(keccak_256(publicKey.subarray(1))).slice(-40)}`).toBe(MASTER);
  });

  it('refuses with the exchange text', async () => {
    const transport = new FakeTransport().on('approveAgent', {
      status: 'err',
      response: 'Must deposit before performing actions. User: 0xabc',
    });
    const approving = approveAgent({
      transport,
      masterPrivateKey: MASTER_KEY,
      agentAddress: MASTER,
      agentName: 'x',
    });
    await expect(approving).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Must deposit before performing actions. User: 0xabc',
    });
  });
});
