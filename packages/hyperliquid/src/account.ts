import { symbolBase } from '@tb/core';
import { ExchangeClient, type InfoClient, type IRequestTransport } from '@nktkas/hyperliquid';
import type {
  Balance,
  CloseAllResult,
  ExchangeFill,
  FundingPayment,
  HistoryQuery,
  OpenOrder,
  OrderHistoryRow,
  PlacedOrder,
  Position,
  TradeHistoryRow,
  ValidOrderRequest,
} from '@tb/core';
import { bracketParameters, oidOfStatus, orderOfStatus } from './bracket.js';
import { accountControl } from './control.js';
import { ExchangeError, exchangeCall, mapResponse, toExchangeError } from './errors.js';
import type { ExchangeAccount } from './exchange-client.js';
import type { HyperliquidMarket } from './market-data.js';
import { toBalance, toOpenOrders, toPositions } from './mapping/account.js';
import { toExchangeFills, toFundingPayments } from './mapping/fills.js';
import { applyHistoryQuery, toOrderHistoryRows, toTradeRows } from './mapping/history.js';
import { orderParameters, placedOrderOf } from './orders.js';
import { stopParameters } from './stop-order.js';
import type {
  AccountControl,
  AccountCredentials,
  BracketRequest,
  OrderByCloid,
  PlacedBracket,
  StopRequest,
} from './types.js';
import { walletFromPrivateKey } from './wallet.js';

/** userFillsByTime answers at most this many fills a call. */
const FILL_PAGE_SIZE = 2000;
/** Pages read at most: the exchange keeps only the latest 10000 fills reachable. */
const FILL_PAGES = 5;

/** userFunding answers at most this many payments a call. */
const FUNDING_PAGE_SIZE = 500;
/** Pages read at most (a position held 20 days on one coin is 480 payments). */
const FUNDING_PAGES = 10;

/**
 * One user's account: reads with the master address, signs with the API wallet's key
 * through the SDK's ExchangeClient; asset ids, size decimals and mids come from the
 * network's shared market cache.
 */
export class HyperliquidAccount implements ExchangeAccount {
  private client: ExchangeClient | null = null;

  constructor(
    private readonly info: InfoClient,
    private readonly transport: IRequestTransport,
    private readonly market: HyperliquidMarket,
    private readonly credentials: AccountCredentials,
  ) {}

  private get user() {
    return this.credentials.walletAddress;
  }

  /** Built on first signing, so a bad key fails the call that needs it, not the read-only ones. */
  private exchange(): ExchangeClient {
    if (!this.client) {
      let wallet;
      try {
        wallet = walletFromPrivateKey(this.credentials.privateKey);
      } catch {
        throw new ExchangeError('rejected', 'The API wallet private key is not valid');
      }
      this.client = new ExchangeClient({ transport: this.transport, wallet });
    }
    return this.client;
  }

  async balance(): Promise<Balance> {
    const [perp, spot] = await exchangeCall(() =>
      Promise.all([
        this.info.clearinghouseState({ user: this.user }),
        this.info.spotClearinghouseState({ user: this.user }),
      ]),
    );
    return mapResponse(() => toBalance(perp, spot));
  }

  control(nowMs: number): Promise<AccountControl> {
    return accountControl(this.info, this.credentials, nowMs);
  }

  async positions(): Promise<Position[]> {
    const perp = await exchangeCall(() => this.info.clearinghouseState({ user: this.user }));
    return mapResponse(() => toPositions(perp));
  }

  async openOrders(): Promise<OpenOrder[]> {
    const [orders, assetIds] = await Promise.all([
      exchangeCall(() => this.info.frontendOpenOrders({ user: this.user })),
      this.market.assetIds(),
    ]);
    return mapResponse(() => toOpenOrders(orders, assetIds));
  }

  /** userFills (the latest 2000), or userFillsByTime from `since`. */
  async myTrades(query: HistoryQuery): Promise<TradeHistoryRow[]> {
    const fills = await exchangeCall(() =>
      query.since === undefined
        ? this.info.userFills({ user: this.user })
        : this.info.userFillsByTime({ user: this.user, startTime: query.since }),
    );
    return mapResponse(() => applyHistoryQuery(toTradeRows(fills), query));
  }

  /**
   * userFillsByTime from `startTimeMs`, oldest first. The exchange answers at most 2000 fills
   * a call (the latest 10000 reachable), so a full page is followed by the next one from its
   * last fill's time; fills seen twice at that millisecond are dropped by tid.
   */
  async fillsSince(startTimeMs: number): Promise<ExchangeFill[]> {
    const byTid = new Map<number, ExchangeFill>();
    let startTime = Math.max(0, Math.floor(startTimeMs));
    for (let page = 0; page < FILL_PAGES; page++) {
      const raw = await exchangeCall(() =>
        this.info.userFillsByTime({ user: this.user, startTime }),
      );
      const fills = mapResponse(() => toExchangeFills(raw));
      for (const fill of fills) byTid.set(fill.tid, fill);
      const last = fills.at(-1);
      if (fills.length < FILL_PAGE_SIZE || !last || last.time <= startTime) break;
      startTime = last.time;
    }
    return [...byTid.values()].sort((a, b) => a.time - b.time || a.tid - b.tid);
  }

  async fundingSince(startTimeMs: number): Promise<FundingPayment[]> {
    const byKey = new Map<string, FundingPayment>();
    let startTime = Math.max(0, Math.floor(startTimeMs));
    for (let page = 0; page < FUNDING_PAGES; page++) {
      const raw = await exchangeCall(() => this.info.userFunding({ user: this.user, startTime }));
      const payments = mapResponse(() => toFundingPayments(raw));
      for (const p of payments) byKey.set(`${p.coin}@${p.time}`, p);
      const last = payments.at(-1);
      if (raw.length < FUNDING_PAGE_SIZE || !last || last.time <= startTime) break;
      startTime = last.time;
    }
    return [...byKey.values()].sort((a, b) => a.time - b.time || a.coin.localeCompare(b.coin));
  }

  async orderHistory(query: HistoryQuery): Promise<OrderHistoryRow[]> {
    const orders = await exchangeCall(() => this.info.historicalOrders({ user: this.user }));
    return mapResponse(() => applyHistoryQuery(toOrderHistoryRows(orders), query));
  }

  async placeOrder(order: ValidOrderRequest, cloid?: `0x${string}`): Promise<PlacedOrder> {
    const asset = await this.market.asset(order.symbol);
    const reference =
      order.orderType === 'market' ? await this.market.referencePrice(asset.coin) : null;
    const params = await exchangeCall(async () => orderParameters(order, asset, reference, cloid));
    const response = await exchangeCall(() => this.exchange().order(params));
    return mapResponse(() => placedOrderOf(response));
  }

  /**
   * One `order` action with grouping normalTpsl (bracketParameters); a refused order throws
   * 'rejected' with the exchange's text. The order ids are read back by cloid (orderStatus):
   * the answer does not carry the take profit's and stop's.
   */
  async placeBracket(bracket: BracketRequest): Promise<PlacedBracket> {
    const asset = await this.market.asset(bracket.symbol);
    const reference =
      bracket.entryType === 'market' ? await this.market.referencePrice(asset.coin) : null;
    const params = await exchangeCall(async () => bracketParameters(bracket, asset, reference));
    await exchangeCall(() => this.exchange().order(params));
    const oid = async (cloid: `0x${string}`) =>
      oidOfStatus(await exchangeCall(() => this.info.orderStatus({ user: this.user, oid: cloid })));
    const { cloids } = bracket;
    const [entry, takeProfit, stopLoss] = await Promise.all([
      oid(cloids.entry),
      oid(cloids.takeProfit),
      oid(cloids.stopLoss),
    ]);
    return {
      coin: asset.coin,
      assetId: asset.assetId,
      size: String(params.orders[0]!.s),
      orders: { entry, takeProfit, stopLoss },
    };
  }

  /**
   * A reduce-only stop market trigger for an open position (stopParameters); a refused order
   * throws 'rejected' with the exchange's text; the oid is read back by cloid.
   */
  async placeStop(stop: StopRequest): Promise<{ oid: number | null }> {
    const asset = await this.market.asset(stop.symbol);
    const params = await exchangeCall(async () => stopParameters(stop, asset));
    const response = await exchangeCall(() => this.exchange().order(params));
    mapResponse(() => placedOrderOf(response));
    const status = await exchangeCall(() =>
      this.info.orderStatus({ user: this.user, oid: stop.cloid }),
    );
    return { oid: oidOfStatus(status) };
  }

  async orderByCloid(cloid: `0x${string}`): Promise<OrderByCloid | null> {
    const answer = await exchangeCall(() => this.info.orderStatus({ user: this.user, oid: cloid }));
    return mapResponse(() => orderOfStatus(answer));
  }

  /** cancelByCloid for each order still open; ones already gone are not an error. */
  async cancelByCloids(symbol: string, cloids: `0x${string}`[]): Promise<void> {
    const { assetId } = await this.market.asset(symbol);
    for (const cloid of cloids) {
      try {
        await exchangeCall(() =>
          this.exchange().cancelByCloid({ cancels: [{ asset: assetId, cloid }] }),
        );
      } catch (error) {
        if (toExchangeError(error).kind !== 'rejected') throw error;
      }
    }
  }

  async cancelOrder(orderId: number, assetId: number): Promise<void> {
    await exchangeCall(() => this.exchange().cancel({ cancels: [{ a: assetId, o: orderId }] }));
  }

  async assetId(symbol: string): Promise<number> {
    return (await this.market.asset(symbol)).assetId;
  }

  async maxLeverage(symbol: string): Promise<number> {
    return (await this.market.asset(symbol)).maxLeverage;
  }

  /** updateLeverage: a whole leverage, cross margin unless `isCross` is false (isolated). */
  async setLeverage(symbol: string, leverage: number, isCross = true): Promise<void> {
    const { assetId } = await this.market.asset(symbol);
    await exchangeCall(() => this.exchange().updateLeverage({ asset: assetId, isCross, leverage }));
  }

  /** One reduce-only market order per position; each outcome is reported, none stops the rest. */
  async closeAllPositions(symbol?: string): Promise<CloseAllResult> {
    const wanted = symbol === undefined ? null : symbolBase(symbol)?.toUpperCase();
    const positions = (await this.positions()).filter(
      (p) => wanted === null || symbolBase(p.symbol)?.toUpperCase() === wanted,
    );
    const result: CloseAllResult = { closed: [], failed: [] };
    for (const p of positions) {
      try {
        await this.placeOrder({
          symbol: p.symbol,
          side: p.side === 'long' ? 'sell' : 'buy',
          size: p.size,
          price: null,
          orderType: 'market',
          reduceOnly: true,
        });
        result.closed.push({ symbol: p.symbol, size: p.size });
      } catch (error) {
        result.failed.push({ symbol: p.symbol, message: toExchangeError(error).message });
      }
    }
    return result;
  }
}
