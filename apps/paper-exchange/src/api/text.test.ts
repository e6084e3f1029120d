import { describe, expect, it } from 'vitest';
import { DESERIALIZE_ERROR } from '../errors.js';
import { exchangeClient, fund, openTestExchange } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';
import { MAX_STRING_LENGTH } from '../util/read.js';

/** Text no store can keep as it was signed is a malformed body, refused as Hyperliquid does. */

async function setUp() {
  const { exchange, clock } = await openTestExchange();
  const key = randomKey();
  await fund(exchange, addressOf(key));
  return { exchange, clock, key };
}

describe('text in a request', () => {
  it.each([
    ['a NUL byte', 'bot\u0000'],
    ['an unpaired surrogate', 'bot\ud800'],
  ])('an agent name with %s answers 422', async (_, agentName) => {
    const { exchange, clock, key } = await setUp();
    const master = exchangeClient(exchange, key, clock);
    const agentAddress = addressOf(randomKey());
    await expect(master.approveAgent({ agentAddress, agentName })).rejects.toThrow(
      `HTTP 422: ${DESERIALIZE_ERROR}`,
    );
    await expect(master.approveAgent({ agentAddress, agentName: 'bot' })).resolves.toMatchObject({
      status: 'ok',
    });
  });

  it(`a string longer than ${MAX_STRING_LENGTH} characters answers 422`, async () => {
    const { exchange, clock } = await setUp();
    // The SDK refuses to sign such a name: the body is sent as any client could.
    const nonce = clock.nonce();
    const answer = await exchange.exchange({
      action: {
        type: 'approveAgent',
        signatureChainId: '0x66eee',
        hyperliquidChain: 'Testnet',
        agentAddress: addressOf(randomKey()),
        agentName: 'b'.repeat(MAX_STRING_LENGTH + 1),
        nonce,
      },
      nonce,
      signature: { r: `0x${'1'.repeat(64)}`, s: `0x${'2'.repeat(64)}`, v: 27 },
    });
    expect(answer).toEqual({ status: 422, body: DESERIALIZE_ERROR });
  });
});
