export type {
  Account,
  AccountChanges,
  AccountFill,
  Agent,
  FillQuery,
  FillRecord,
  FundingQuery,
  FundingRecord,
  OrderRecord,
  PaperExchange,
  PaperExchangeOptions,
  PaperLog,
  PaperPricesOptions,
  PaperReads,
  PaperReply,
  PaperStore,
  PaperTransaction,
} from './types.js';
export { openPaperExchange } from './paper-exchange.js';
export { MarkPins } from './market/pins.js';
export { PAPER_PRICES_MODES } from './market/source.js';
export type { MarketLog, PaperPricesMode, PaperPricesStatus } from './market/source.js';
export { InfoUpstream } from './market/upstream.js';
export type { UpstreamClient } from './market/upstream.js';
export { MemoryPaperStore } from './memory-store.js';
export { paperExchangeRoutes } from './http.js';
export type { ControlGuard, PaperRoutesOptions } from './http.js';
export { paperFeedRoutes } from './ws/routes.js';
export type { PaperFeedRoutesOptions } from './ws/routes.js';
export type { PaperRateLimit } from './rate-limit/limit-weights.js';
export type { WeightChange, WeightState } from './rate-limit/budget.js';
export { AppWeights, type AppWeightTally } from './rate-limit/app-weights.js';
export { WEIGHT_PER_MINUTE } from './rate-limit/weights.js';
export {
  ID_BLOCK_SIZE,
  MAX_CANCELS_PER_ACTION,
  MAX_ITEMS_PER_QUERY,
  MAX_NAMED_AGENTS,
  MAX_OPEN_ORDERS,
  MAX_ORDERS_PER_ACTION,
} from './limits.js';
