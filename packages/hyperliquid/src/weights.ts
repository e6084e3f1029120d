/**
 * What Hyperliquid charges a request against its per-IP budget of 1,200 a minute
 * (HYPERLIQUID.md, "Rate limits", from GB rate-limits), as the app's client counts it before
 * sending. The paper exchange enforces the same table from its own code
 * (apps/paper-exchange/src/rate-limit/weights.ts): the client and the simulator share none, so
 * a mistake in one shows against the other.
 */

/** Weight one IP may spend a minute, /info and /exchange together. */
export const WEIGHT_PER_MINUTE = 1_200;

/** Info weight 2 (HYPERLIQUID.md); userRole weighs 60, every other info request 20. */
const INFO_WEIGHT_2 = new Set([
  'l2Book',
  'allMids',
  'clearinghouseState',
  'orderStatus',
  'spotClearinghouseState',
  'exchangeStatus',
]);

/**
 * Items returned per added unit of weight: 20 for the reads HYPERLIQUID.md names (and GB's
 * fundingHistory, userFunding, userNonFundingLedgerUpdates), 60 for candleSnapshot.
 */
const PER_ITEMS: Readonly<Record<string, number>> = {
  userFills: 20,
  userFillsByTime: 20,
  historicalOrders: 20,
  recentTrades: 20,
  fundingHistory: 20,
  userFunding: 20,
  userNonFundingLedgerUpdates: 20,
  candleSnapshot: 60,
};

const typeOf = (payload: unknown): unknown =>
  typeof payload === 'object' && payload !== null
    ? (payload as { type?: unknown }).type
    : undefined;

/** The base weight of a request, charged before it is sent. */
export function requestWeight(endpoint: 'info' | 'exchange', payload: unknown): number {
  if (endpoint === 'exchange') {
    const action = (payload as { action?: Record<string, unknown> } | null)?.action;
    const batch = [action?.orders, action?.cancels, action?.modifies].find(Array.isArray);
    return 1 + Math.floor((batch?.length ?? 0) / 40);
  }
  const type = typeOf(payload);
  if (typeof type === 'string' && INFO_WEIGHT_2.has(type)) return 2;
  return type === 'userRole' ? 60 : 20;
}

/** The weight an answer adds by the items it returned (0 for most requests). */
export function answerWeight(
  endpoint: 'info' | 'exchange',
  payload: unknown,
  answer: unknown,
): number {
  const type = typeOf(payload);
  const per = endpoint === 'info' && typeof type === 'string' ? PER_ITEMS[type] : undefined;
  return per !== undefined && Array.isArray(answer) ? Math.floor(answer.length / per) : 0;
}
