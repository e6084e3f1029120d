import { AsyncLocalStorage } from 'node:async_hooks';
import type { WeightPriority } from '@tb/hyperliquid';

/**
 * Who an exchange request is for (DESIGN.md section 13): the weight meters of the networks ask
 * `currentWeightPriority` before each request, so the live loop's reads go before the sweep's,
 * and those before visitors' market data (PRIORITY_SHARE in @tb/hyperliquid).
 */
const priorities = new AsyncLocalStorage<WeightPriority>();

/** Runs `task` with its exchange requests charged at `priority` (awaited work inherits it). */
export function withWeightPriority<T>(
  priority: WeightPriority,
  task: () => Promise<T>,
): Promise<T> {
  return priorities.run(priority, task);
}

/** The priority the current work runs at: `live` (a trader's own action) outside any. */
export function currentWeightPriority(): WeightPriority {
  return priorities.getStore() ?? 'live';
}
