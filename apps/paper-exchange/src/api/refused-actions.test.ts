import { describe, expect, it } from 'vitest';
import {
  exchangeClient,
  fund,
  infoClient,
  openTestExchange,
  signedEnvelope,
} from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/**
 * The actions the paper exchange cannot honour (DESIGN.md section 12), sent by
 * @nktkas/hyperliquid's ExchangeClient: each is verified, then answered `{status:"err"}` with
 * the reason, and nothing moves.
 */

const ELSEWHERE = '0x000000000000000000000000000000000000dead';

async function setUp() {
  const { exchange, clock } = await openTestExchange();
  const masterKey = randomKey();
  const agentKey = randomKey();
  const master = addressOf(masterKey);
  await fund(exchange, master);
  const masterClient = exchangeClient(exchange, masterKey, clock);
  await masterClient.approveAgent({ agentAddress: addressOf(agentKey), agentName: 'bot' });
  const info = infoClient(exchange);
  /** What must not move: the account's value and its ledger. */
  const snapshot = async () => ({
    value: (await info.clearinghouseState({ user: master })).marginSummary.accountValue,
    ledger: await info.userNonFundingLedgerUpdates({ user: master }),
  });
  return {
    exchange,
    clock,
    master,
    masterKey,
    masterClient,
    agentKey,
    agent: exchangeClient(exchange, agentKey, clock),
    snapshot,
  };
}

const NOT_MOVED =
  'Paper USDC exists only on the paper exchange: it cannot be withdrawn, sent or transferred; nothing was moved.';

describe('user-signed actions the paper exchange refuses', () => {
  it('withdraw3, usdSend, spotSend and usdClassTransfer are refused with the reason', async () => {
    const { masterClient, snapshot } = await setUp();
    const before = await snapshot();
    await expect(masterClient.withdraw3({ destination: ELSEWHERE, amount: '5' })).rejects.toThrow(
      NOT_MOVED,
    );
    await expect(masterClient.usdSend({ destination: ELSEWHERE, amount: '5' })).rejects.toThrow(
      NOT_MOVED,
    );
    await expect(
      masterClient.spotSend({
        destination: ELSEWHERE,
        token: 'USDC:0xeb62eee3685fc4c43992febcd9e75443',
        amount: '5',
      }),
    ).rejects.toThrow(NOT_MOVED);
    await expect(masterClient.usdClassTransfer({ amount: '5', toPerp: false })).rejects.toThrow(
      'The paper exchange has no spot account',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('approveBuilderFee is refused: the paper exchange charges no builder fee', async () => {
    const { masterClient } = await setUp();
    await expect(
      masterClient.approveBuilderFee({ maxFeeRate: '0.01%', builder: ELSEWHERE }),
    ).rejects.toThrow('The paper exchange charges no builder fees');
  });

  it("an agent's signature acts on the agent's own, empty account", async () => {
    const { agent, agentKey } = await setUp();
    await expect(agent.withdraw3({ destination: ELSEWHERE, amount: '5' })).rejects.toThrow(
      `Must deposit before performing actions. User: ${addressOf(agentKey)}`,
    );
  });

  it('the nonce is used: the same request again is a duplicate', async () => {
    const { exchange, masterKey, clock } = await setUp();
    const sent: unknown[] = [];
    const spy = {
      ...exchange,
      exchange: async (body: unknown) => {
        sent.push(body);
        return exchange.exchange(body);
      },
    };
    const client = exchangeClient(spy, masterKey, clock);
    await expect(client.usdSend({ destination: ELSEWHERE, amount: '1' })).rejects.toThrow(
      NOT_MOVED,
    );
    const again = await exchange.exchange(JSON.parse(JSON.stringify(sent[0])));
    expect(again.body).toEqual({
      status: 'err',
      response: expect.stringMatching(/^Invalid nonce: duplicate nonce/),
    });
  });
});

describe('L1 actions the paper exchange refuses', () => {
  it.each([
    [
      'twapOrder',
      (c: Client) => c.twapOrder({ twap: { a: 0, b: true, s: '0.01', r: false, m: 10, t: false } }),
      'TWAP orders are not supported by the paper exchange',
    ],
    [
      'twapCancel',
      (c: Client) => c.twapCancel({ a: 0, t: 7 }),
      'TWAP was never placed, already canceled, or filled.',
    ],
    [
      'setReferrer',
      (c: Client) => c.setReferrer({ code: 'CCXT1' }),
      'The paper exchange has no referral program',
    ],
    [
      'vaultTransfer',
      (c: Client) => c.vaultTransfer({ vaultAddress: ELSEWHERE, isDeposit: true, usd: 5_000_000 }),
      'Vaults are not supported by the paper exchange',
    ],
    [
      'subAccountTransfer',
      (c: Client) =>
        c.subAccountTransfer({ subAccountUser: ELSEWHERE, isDeposit: true, usd: 5_000_000 }),
      'Sub-accounts are not supported by the paper exchange',
    ],
    [
      'createSubAccount',
      (c: Client) => c.createSubAccount({ name: 'scalps' }),
      'Sub-accounts are not supported by the paper exchange',
    ],
  ])('%s, signed by an agent for its master', async (_type, send, reason) => {
    const { agent, snapshot } = await setUp();
    const before = await snapshot();
    await expect(send(agent)).rejects.toThrow(reason);
    expect(await snapshot()).toEqual(before);
  });

  it('is verified first: a signature for mainnet recovers an unknown signer', async () => {
    const { exchange, masterKey, clock } = await setUp();
    const envelope = await signedEnvelope(
      masterKey,
      { type: 'setReferrer', code: 'CCXT1' },
      clock.nonce(),
      { isTestnet: false },
    );
    const answer = await exchange.exchange(envelope);
    expect(answer.body).toEqual({
      status: 'err',
      response: expect.stringMatching(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/),
    });
  });
});

type Client = ReturnType<typeof exchangeClient>;
