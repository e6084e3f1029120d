import type { Agent, PaperState } from '../state.js';

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

/**
 * Registers `agentAddress` as an API wallet of `master`. An approval without a name, or with a
 * name the master already uses, replaces that agent. Returns an error text or null.
 */
export function approveAgent(
  state: PaperState,
  master: string,
  agentAddress: string,
  rawName: string,
  nowMs: number,
): string | null {
  if (agentAddress === master) return 'An account cannot approve itself as its agent.';
  const existing = state.agents[agentAddress];
  if (existing && existing.master !== master)
    return `Agent ${agentAddress} is already used by another account.`;
  const { name, validUntil } = parseAgentName(rawName, nowMs);
  for (const agent of Object.values(state.agents)) {
    if (agent.master === master && agent.name === name) delete state.agents[agent.address];
  }
  state.agents[agentAddress] = { address: agentAddress, master, name, validUntil };
  return null;
}

/** The approved, unexpired agent registered at `address`, if any. */
export function activeAgent(state: PaperState, address: string, nowMs: number): Agent | undefined {
  const agent = state.agents[address];
  return agent && agent.validUntil > nowMs ? agent : undefined;
}
