import { MAX_NAMED_AGENTS } from '../limits.js';
import type { Agent } from '../state.js';

const DAY_MS = 86_400_000;
/** Lifetime of an agent approved without `valid_until`, and the longest allowed. */
export const DEFAULT_AGENT_LIFETIME_MS = 90 * DAY_MS;
const MAX_AGENT_LIFETIME_MS = 180 * DAY_MS;
const VALID_UNTIL = /^(.*?)\s*valid_until (\d+)$/;

/** Splits an agent name into its name and the `valid_until <ms>` expiry it may end with. */
export function parseAgentName(raw: string, nowMs: number): { name: string; validUntil: number } {
  const match = VALID_UNTIL.exec(raw);
  if (!match) return { name: raw, validUntil: nowMs + DEFAULT_AGENT_LIFETIME_MS };
  const requested = Number(match[2]);
  return { name: match[1] ?? '', validUntil: Math.min(requested, nowMs + MAX_AGENT_LIFETIME_MS) };
}

/** What an approval changes: the master's agents to drop, and the agent to store. */
export interface AgentApproval {
  remove: string[];
  agent: Agent;
}

export interface ApprovalRequest {
  master: string;
  agentAddress: string;
  rawName: string;
  nowMs: number;
  /** The master's current agents. */
  agents: readonly Agent[];
  /** Whatever is registered at `agentAddress` now, for any master. */
  existing: Agent | undefined;
}

/**
 * Plans the approval of `agentAddress` as an API wallet of `master`. An approval without a
 * name, or with a name the master already uses, replaces that agent; expired agents are
 * dropped; a master keeps one unnamed and at most MAX_NAMED_AGENTS named agents. Returns an
 * error text, or the changes.
 */
export function approveAgent(request: ApprovalRequest): { error: string } | AgentApproval {
  const { master, agentAddress, existing, nowMs } = request;
  if (agentAddress === master) return { error: 'An account cannot approve itself as its agent.' };
  if (existing && existing.master !== master)
    return { error: `Agent ${agentAddress} is already used by another account.` };
  const { name, validUntil } = parseAgentName(request.rawName, nowMs);
  const replaced = (agent: Agent) =>
    agent.name === name || agent.address === agentAddress || agent.validUntil <= nowMs;
  const remove = request.agents.filter(replaced).map((agent) => agent.address);
  const named = request.agents.filter((agent) => !replaced(agent) && agent.name !== '').length;
  if (name !== '' && named >= MAX_NAMED_AGENTS) {
    return {
      error: `Too many API wallets: an account may approve one unnamed and ${MAX_NAMED_AGENTS} named API wallets. Reuse a name to replace one.`,
    };
  }
  return { remove, agent: { address: agentAddress, master, name, validUntil } };
}

/** Whether `agent` may act for its master at `nowMs` (approved and not expired). */
export function isActiveAgent(agent: Agent | undefined, nowMs: number): agent is Agent {
  return agent !== undefined && agent.validUntil > nowMs;
}
