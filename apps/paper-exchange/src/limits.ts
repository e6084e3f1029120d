/**
 * Bounds that keep one client from slowing the exchange for everyone (issue 11): what one
 * request may ask for and what one account may hold. Hyperliquid's own numbers where it has
 * them.
 */

/** Orders in one `order` action (Hyperliquid has no published cap; 50 keeps a request short). */
export const MAX_ORDERS_PER_ACTION = 50;
/** Cancels in one `cancel` or `cancelByCloid` action: no more than can be open. */
export const MAX_CANCELS_PER_ACTION = 1000;
/** Resting orders per account (Hyperliquid's default limit). */
export const MAX_OPEN_ORDERS = 1000;
/** Items one userFills, userFillsByTime or historicalOrders answer holds (as Hyperliquid). */
export const MAX_ITEMS_PER_QUERY = 2000;
/** Named API wallets per master (Hyperliquid: one unnamed and three named). */
export const MAX_NAMED_AGENTS = 3;
/** Paper users' own trades listed by recentTrades besides the synthetic ones. */
export const MAX_RECENT_USER_TRADES = 100;

/**
 * Order and fill ids are `idBlock · ID_BLOCK_SIZE + nextId`, from a block of ids the account
 * owns: unique across the exchange without a global counter that every request would lock.
 * A request takes a new block when fewer than ID_BLOCK_RESERVE ids are left in its block,
 * more than one request can use: 50 orders walking 20 book levels each, plus every resting
 * order filling and a liquidation while time passes.
 */
export const ID_BLOCK_SIZE = 1_000_000;
export const ID_BLOCK_RESERVE = 10_000;
/** Items one userFunding or fundingHistory answer holds (Hyperliquid's time-range reads: 500). */
export const MAX_FUNDINGS_PER_QUERY = 500;
