import type { PaperState } from '../state.js';

/** What the engine works on: the state, and the request's clock reading (epoch ms). */
export interface EngineContext {
  state: PaperState;
  nowMs: number;
}

/** Orders kept per account besides the open ones (historicalOrders serves at most 2,000). */
export const MAX_ORDER_HISTORY = 2000;
