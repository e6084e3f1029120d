/**
 * Hyperliquid's request weights (HYPERLIQUID.md, "Rate limits", from GB rate-limits): what one
 * POST /info or /exchange costs against the per-IP budget of 1,200 a minute. A request is
 * charged its base weight before it is answered, and, for the reads that return lists, one more
 * per 20 (or 60) items after (see itemsWeight). The table only: the budget is in budget.ts.
 */

/** Weight one IP may spend a minute, /info and /exchange together (HYPERLIQUID.md, GB). */
export const WEIGHT_PER_MINUTE = 1_200;

/**
 * Info types of weight 2 (HYPERLIQUID.md: "info weight 2: l2Book, allMids, clearinghouseState,
 * orderStatus, spotClearinghouseState, exchangeStatus").
 */
const LIGHT_INFO = new Set([
  'l2Book',
  'allMids',
  'clearinghouseState',
  'orderStatus',
  'spotClearinghouseState',
  'exchangeStatus',
]);

/** Info types of weight 60 (HYPERLIQUID.md: "info weight 60: userRole"). */
const HEAVY_INFO = new Set(['userRole']);

/** Every other info request (HYPERLIQUID.md: "every other info request: 20"). */
const DEFAULT_INFO_WEIGHT = 20;

/**
 * Items returned that add one unit of weight, per info type. HYPERLIQUID.md: "extra weight per
 * 20 items returned: userFills, userFillsByTime, historicalOrders, recentTrades; per 60 items:
 * candleSnapshot". GB rate-limits lists more under "per 20 items": fundingHistory, userFunding,
 * the TWAP and staking reads, and "nonUserFundingUpdates", which is no info type: read here as
 * userNonFundingLedgerUpdates, the ledger read it sits beside (the same reading as other
 * Hyperliquid clients'). Whole units only: 19 fills add nothing, 20 add 1 (floor).
 */
const ITEMS_PER_UNIT: ReadonlyMap<string, number> = new Map([
  ['userFills', 20],
  ['userFillsByTime', 20],
  ['historicalOrders', 20],
  ['recentTrades', 20],
  ['fundingHistory', 20],
  ['userFunding', 20],
  ['userNonFundingLedgerUpdates', 20],
  ['twapHistory', 20],
  ['userTwapSliceFills', 20],
  ['userTwapSliceFillsByTime', 20],
  ['delegatorHistory', 20],
  ['delegatorRewards', 20],
  ['validatorStats', 20],
  ['candleSnapshot', 60],
]);

/** Items per added unit of an /exchange action's batch (HYPERLIQUID.md: 1 + ⌊batch/40⌋). */
const BATCH_PER_UNIT = 40;

/** The `type` of an /info body, or undefined when the body has none. */
export function infoType(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const type = (body as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

/**
 * The base weight of an /info request, charged before it is answered. A body without a known
 * type (answered 422) weighs what "every other info request" does: a malformed read is not free.
 */
export function infoWeight(body: unknown): number {
  const type = infoType(body);
  if (type !== undefined && LIGHT_INFO.has(type)) return 2;
  if (type !== undefined && HEAVY_INFO.has(type)) return 60;
  return DEFAULT_INFO_WEIGHT;
}

/** Whether an info type's answer adds weight by the items it returns. */
export function weighsItems(type: string | undefined): boolean {
  return type !== undefined && ITEMS_PER_UNIT.has(type);
}

/**
 * The weight an /info answer adds by what it returned: ⌊items / 20⌋ (⌊items / 60⌋ for
 * candleSnapshot), for the types HYPERLIQUID.md names; 0 for the others and for an answer that
 * is not a list (an error).
 */
export function itemsWeight(type: string | undefined, answer: unknown): number {
  const per = type === undefined ? undefined : ITEMS_PER_UNIT.get(type);
  if (per === undefined || !Array.isArray(answer)) return 0;
  return Math.floor(answer.length / per);
}

/**
 * The length of an /exchange action's batch: its orders (`order`), cancels (`cancel`,
 * `cancelByCloid`) or modifies (`batchModify`); 0 for any other action or body.
 */
export function batchLength(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const action = (body as { action?: unknown }).action;
  if (typeof action !== 'object' || action === null) return 0;
  const { orders, cancels, modifies } = action as {
    orders?: unknown;
    cancels?: unknown;
    modifies?: unknown;
  };
  const batch = [orders, cancels, modifies].find(Array.isArray);
  return batch ? batch.length : 0;
}

/** The weight of an /exchange request: 1 + ⌊batch length / 40⌋ (HYPERLIQUID.md, GB). */
export function exchangeWeight(body: unknown): number {
  return 1 + Math.floor(batchLength(body) / BATCH_PER_UNIT);
}
