export type { ExchangeAccount, MarketData } from './exchange-client.js';
export { ExchangeError, type ExchangeErrorKind } from './errors.js';
export { INTERVAL_MS } from './market-data.js';
export type {
  AccountControl,
  AccountCredentials,
  BracketRequest,
  Cloid,
  Network,
  OrderByCloid,
  PlacedBracket,
  StopRequest,
} from './types.js';
export { HyperliquidExchange, type HyperliquidExchangeOptions } from './hyperliquid-exchange.js';
export type { RemoteCache } from './cache.js';
export {
  DEFAULT_TIMEOUT_MS,
  NETWORK_API_URLS,
  handlerTransport,
  httpTransport,
  type HandlerReply,
  type HandlerTransportOptions,
  type HttpTransportOptions,
} from './transports.js';
export {
  addressOfPrivateKey,
  generatePrivateKey,
  walletFromPrivateKey,
  type Hex,
  type LocalWallet,
} from './wallet.js';
export { approveAgent, type ApproveAgentOptions } from './agents.js';
export {
  MemoryMeterStore,
  meteredTransport,
  PRIORITY_SHARE,
  WeightMeter,
  type WeightPriority,
  type MeterChange,
  type MeterStore,
  type MeteredTransportOptions,
  type WeightMeterOptions,
} from './weight-meter.js';
export { answerWeight, requestWeight, WEIGHT_PER_MINUTE } from './weights.js';
export { accountControl } from './control.js';
