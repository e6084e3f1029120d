import { describe, expect, it } from 'vitest';
import { exchangeClient, fund, infoClient, openTestExchange } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/** userRole and extraAgents: how an app proves an API wallet acts for an account. */

const DAY_MS = 86_400_000;

async function setUp() {
  const { exchange, clock } = await openTestExchange();
  const masterKey = randomKey();
  const agentKey = randomKey();
  const master = addressOf(masterKey);
  const agent = addressOf(agentKey);
  await fund(exchange, master);
  await exchangeClient(exchange, masterKey, clock).approveAgent({
    agentAddress: agent,
    agentName: 'bot',
  });
  return { exchange, clock, master, masterKey, agent, info: infoClient(exchange) };
}

describe('agent roles', () => {
  it('names the master of an approved agent, and lists the agent for the master', async () => {
    const { info, master, agent, clock } = await setUp();
    expect(await info.userRole({ user: agent })).toEqual({ role: 'agent', data: { user: master } });
    expect(await info.userRole({ user: master })).toEqual({ role: 'user' });
    expect(await info.extraAgents({ user: master })).toEqual([
      { address: agent, name: 'bot', validUntil: clock.ms + 90 * DAY_MS },
    ]);
  });

  it('knows nothing of a key no one approved', async () => {
    const { info, master } = await setUp();
    const stranger = addressOf(randomKey());
    expect(await info.userRole({ user: stranger })).toEqual({ role: 'missing' });
    expect((await info.extraAgents({ user: master })).map((a) => a.address)).not.toContain(
      stranger,
    );
    expect(await info.extraAgents({ user: stranger })).toEqual([]);
  });

  it('drops an agent once it expires', async () => {
    const { info, master, agent, clock } = await setUp();
    clock.advance(91 * DAY_MS);
    expect(await info.userRole({ user: agent })).toEqual({ role: 'missing' });
    expect(await info.extraAgents({ user: master })).toEqual([]);
  });

  it('refuses a malformed user with 422', async () => {
    const { exchange } = await setUp();
    const answer = await exchange.info({ type: 'userRole', user: 'nobody' });
    expect(answer.status).toBe(422);
  });
});
