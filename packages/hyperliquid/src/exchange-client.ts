import type {
  Balance,
  Candle,
  CloseAllResult,
  ExchangeFill,
  FundingPayment,
  HistoryQuery,
  Market,
  OhlcvQuery,
  OpenOrder,
  OrderBook,
  OrderHistoryRow,
  PlacedOrder,
  Position,
  SymbolPrice,
  PublicTrade,
  Ticker,
  TradeHistoryRow,
  ValidOrderRequest,
} from '@tb/core';
import type {
  AccountControl,
  BracketRequest,
  OrderByCloid,
  PlacedBracket,
  StopRequest,
} from './types.js';

/**
 * Public market data of one exchange endpoint, in SPEC.md's unified shapes. Symbols may come
 * in any shape the app meets ('BTC', 'BTC-USD', 'BTC/USD', 'BTCUSDT'); answers use 'BTC-USD'.
 */
export interface MarketData {
  markets(): Promise<Market[]>;
  tickers(): Promise<Ticker[]>;
  ticker(symbol: string): Promise<Ticker>;
  price(symbol: string): Promise<SymbolPrice>;
  orderBook(symbol: string, limit: number): Promise<OrderBook>;
  ohlcv(symbol: string, query: OhlcvQuery): Promise<Candle[]>;
  publicTrades(symbol: string, limit: number): Promise<PublicTrade[]>;
  /** The perp's current hourly funding rate (fraction of notional), or null when unknown. */
  fundingRate(symbol: string): Promise<number | null>;
  /** Every coin's mid price (Hyperliquid's `allMids`: coin name to decimal string). */
  mids(): Promise<Readonly<Record<string, string>>>;
}

/** One user's account on the exchange: read with the master address, signed by the API wallet. */
export interface ExchangeAccount {
  balance(): Promise<Balance>;
  /** Whether the API wallet is the account's wallet or an agent it approved (control.ts). */
  control(nowMs: number): Promise<AccountControl>;
  positions(): Promise<Position[]>;
  openOrders(): Promise<OpenOrder[]>;
  myTrades(query: HistoryQuery): Promise<TradeHistoryRow[]>;
  orderHistory(query: HistoryQuery): Promise<OrderHistoryRow[]>;
  /** The user's fills at or after `startTimeMs` (userFillsByTime), oldest first. */
  fillsSince(startTimeMs: number): Promise<ExchangeFill[]>;
  /** Hourly funding paid or received at or after `startTimeMs` (userFunding), oldest first. */
  fundingSince(startTimeMs: number): Promise<FundingPayment[]>;
  /** A market order is an IOC limit at mid × (1 ± 5 %), as Hyperliquid's own SDKs send it. */
  /** `cloid`: a client order id the order's fills carry (e.g. an exit the journal awaits). */
  placeOrder(order: ValidOrderRequest, cloid?: `0x${string}`): Promise<PlacedOrder>;
  cancelOrder(orderId: number, assetId: number): Promise<void>;
  /** Entry and reduce-only TP/SL triggers in one normalTpsl action; oids read back by cloid. */
  placeBracket(bracket: BracketRequest): Promise<PlacedBracket>;
  /** A reduce-only stop market trigger (grouping na) for an open position; oid read back by cloid. */
  placeStop(stop: StopRequest): Promise<{ oid: number | null }>;
  /**
   * The order the account sent with client id `cloid` (orderStatus), open or finished, or null
   * when the exchange never took one: what tells whether an order sent before a crash exists.
   */
  orderByCloid(cloid: `0x${string}`): Promise<OrderByCloid | null>;
  /** Cancels by client order id, best effort: an order already gone is skipped. */
  cancelByCloids(symbol: string, cloids: `0x${string}`[]): Promise<void>;
  /** Cancels no order; resolves the asset id of a symbol for callers that only have a symbol. */
  assetId(symbol: string): Promise<number>;
  /** The highest leverage the symbol's asset allows (meta's `maxLeverage`). */
  maxLeverage(symbol: string): Promise<number>;
  /**
   * Sends `updateLeverage` for the symbol's asset: a whole leverage from 1 to the asset's
   * maximum, cross margin unless `isCross` is false. It applies to the position and to orders
   * placed after it.
   */
  setLeverage(symbol: string, leverage: number, isCross?: boolean): Promise<void>;
  /**
   * Closes every open position (or only the one of `symbol`) with a reduce-only market order of
   * its full size, at the market's own size precision.
   */
  closeAllPositions(symbol?: string): Promise<CloseAllResult>;
}
