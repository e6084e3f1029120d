import { isActiveAgent } from '../engine/agents.js';
import { readAddress } from '../util/read.js';
import type { Json } from '../util/read.js';
import type { ExchangeDeps } from './context.js';

/**
 * userRole and extraAgents, as Hyperliquid answers them: how an app proves that an API wallet
 * acts for an account (DESIGN.md section 11). An expired agent acts for no one.
 */
export async function agentInfo(
  deps: ExchangeDeps,
  body: Json,
  nowMs: number,
): Promise<{ value: unknown } | undefined> {
  if (body.type !== 'userRole' && body.type !== 'extraAgents') return undefined;
  const user = readAddress(body.user, 'user');
  if (body.type === 'extraAgents') {
    const agents = await deps.store.read.agentsOf(user);
    return {
      value: agents
        .filter((agent) => isActiveAgent(agent, nowMs))
        .sort((a, b) => a.address.localeCompare(b.address))
        .map((agent) => ({
          address: agent.address,
          name: agent.name,
          validUntil: agent.validUntil,
        })),
    };
  }
  const agent = await deps.store.read.agent(user);
  if (isActiveAgent(agent, nowMs))
    return { value: { role: 'agent', data: { user: agent.master } } };
  const account = await deps.store.read.account(user);
  return { value: { role: account ? 'user' : 'missing' } };
}
