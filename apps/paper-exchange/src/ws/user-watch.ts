import type { FeedSink } from './feed.js';
import { message } from './protocol.js';

/**
 * One user followed by the feed (ws/feed.ts): what it has pushed of the user's fills, orders
 * and funding, and how to find what is new at a tick, through /info:
 *
 * - `frontendOpenOrders` first: the read lets time pass on the account (resting fills,
 *   triggers, liquidation, funding), and its open orders tell whether one was placed, changed
 *   or left;
 * - `userFillsByTime` from the newest fill pushed (less a minute: a request that read its time
 *   before another's may commit after it) gives the new fills, by tid;
 * - `historicalOrders`, only when the open orders or the fills changed, gives the statuses
 *   that changed (an order placed, filled, triggered, canceled by the user or not);
 * - `userFunding`, once an hour has turned, gives the funding it settled.
 *
 * Pushed as Hyperliquid does: `userFills` `{user, fills}` (a snapshot on subscribing,
 * `isSnapshot: true`), `orderUpdates` `[{order, status, statusTimestamp}]` (no snapshot),
 * `userFundings` `{user, fundings}` (a snapshot of the last week on subscribing), and on
 * channel `user` (userEvents, no snapshot) `{fills}`, `{funding}`, `{liquidation}` and
 * `{nonUserCancel}`; `clearinghouseState` `{dex: "", user, clearinghouseState}` on subscribing
 * and whenever it changes.
 */

export type UserChannel =
  'orderUpdates' | 'userFills' | 'userFundings' | 'userEvents' | 'clearinghouseState';
type Info = <T>(body: Record<string, unknown>) => Promise<T | undefined>;

interface Fill {
  tid: number;
  time: number;
  coin: string;
  px: string;
  sz: string;
  liquidation?: unknown;
}

interface FrontendOrder {
  coin: string;
  side: 'B' | 'A';
  limitPx: string;
  sz: string;
  oid: number;
  timestamp: number;
  origSz: string;
  cloid?: string | null;
  reduceOnly?: boolean;
}

interface HistoricalOrder {
  order: FrontendOrder;
  status: string;
  statusTimestamp: number;
}

interface FundingEntry {
  time: number;
  delta: {
    coin: string;
    usdc: string;
    szi: string;
    fundingRate: string;
    nSamples: number | null;
  };
}

/** How far before the newest pushed fill the next read starts (see the module comment). */
const FILL_MARGIN_MS = 60_000;
const HOUR_MS = 3_600_000;
/** The funding a userFundings subscription gets first. */
const FUNDING_SNAPSHOT_MS = 7 * 24 * HOUR_MS;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Order statuses of a cancel the user did not ask for (userEvents' `nonUserCancel`). */
const NON_USER_CANCELS = new Set([
  'marginCanceled',
  'liquidatedCanceled',
  'reduceOnlyCanceled',
  'siblingFilledCanceled',
  'scheduledCancel',
]);

/** The order as orderUpdates shows it (Hyperliquid's open-order shape). */
function wsOrder(order: FrontendOrder) {
  return {
    coin: order.coin,
    side: order.side,
    limitPx: order.limitPx,
    sz: order.sz,
    oid: order.oid,
    timestamp: order.timestamp,
    origSz: order.origSz,
    ...(order.cloid ? { cloid: order.cloid } : {}),
    ...(order.reduceOnly ? { reduceOnly: true as const } : {}),
  };
}

function orderKey(entry: HistoricalOrder): string {
  return `${entry.status}|${entry.statusTimestamp}|${entry.order.sz}`;
}

function funding(entry: FundingEntry) {
  const { coin, usdc, szi, fundingRate, nSamples } = entry.delta;
  return { time: entry.time, coin, usdc, szi, fundingRate, nSamples };
}

export class UserWatch {
  readonly #user: string;
  readonly #info: Info;
  readonly #sinks: Record<UserChannel, Set<FeedSink>> = {
    orderUpdates: new Set(),
    userFills: new Set(),
    userFundings: new Set(),
    userEvents: new Set(),
    clearinghouseState: new Set(),
  };
  /** The account state last pushed on clearinghouseState, without its `time`. */
  #state = '';
  /** The newest pushed fill's time, and the tids pushed since FILL_MARGIN_MS before it. */
  #fillCursor = 0;
  readonly #seenFills = new Map<number, number>();
  #openOrders = '';
  /** Each order's status, status time and size, as last pushed. */
  #orders = new Map<number, string>();
  /** Funding up to this time has been pushed; `#fundingHour` is the hour last looked at. */
  #fundingCursor = 0;
  #fundingHour = 0;

  constructor(user: string, info: Info) {
    this.#user = user;
    this.#info = info;
  }

  /** Takes the user's state now as already known: only what happens after it is pushed. */
  async start(nowMs: number): Promise<void> {
    const open = await this.#info<unknown[]>({ type: 'frontendOpenOrders', user: this.#user });
    this.#openOrders = JSON.stringify(open);
    this.#noteFills((await this.#info<Fill[]>({ type: 'userFills', user: this.#user })) ?? []);
    this.#orders = this.#keyed(await this.#historicalOrders());
    this.#fundingHour = Math.floor(nowMs / HOUR_MS);
    this.#fundingCursor = this.#fundingHour * HOUR_MS;
  }

  /** Adds a sink, after sending it the channel's snapshot (userFills, userFundings). */
  async add(channel: UserChannel, sink: FeedSink, nowMs: number): Promise<void> {
    const user = this.#user;
    if (channel === 'userFills') {
      const fills = (await this.#info<Fill[]>({ type: 'userFills', user })) ?? [];
      // A fill read here that the watch has not pushed yet comes at the next tick.
      const known = fills.filter(
        (f) => f.time < this.#fillCursor - FILL_MARGIN_MS || this.#seenFills.has(f.tid),
      );
      sink.send(message('userFills', { user, fills: known, isSnapshot: true }));
    } else if (channel === 'userFundings') {
      const entries = await this.#info<FundingEntry[]>({
        type: 'userFunding',
        user,
        startTime: Math.max(0, Math.min(nowMs, this.#fundingCursor) - FUNDING_SNAPSHOT_MS),
        endTime: this.#fundingCursor,
      });
      const fundings = (entries ?? []).map(funding);
      sink.send(message('userFundings', { user, fundings, isSnapshot: true }));
    } else if (channel === 'clearinghouseState') {
      const state = await this.#clearinghouseState();
      if (this.#sinks.clearinghouseState.size === 0) this.#state = state.key;
      sink.send(state.text);
    }
    this.#sinks[channel].add(sink);
  }

  /** Removes a sink; false when the watch has none left (the feed drops it). */
  remove(channel: UserChannel, sink: FeedSink): boolean {
    this.#sinks[channel].delete(sink);
    return Object.values(this.#sinks).some((sinks) => sinks.size > 0);
  }

  /** Reads the user's state at a tick and pushes what changed. */
  async update(nowMs: number): Promise<void> {
    const user = this.#user;
    const open = JSON.stringify(await this.#info({ type: 'frontendOpenOrders', user }));
    const read = await this.#info<Fill[]>({
      type: 'userFillsByTime',
      user,
      startTime: Math.max(0, this.#fillCursor - FILL_MARGIN_MS),
    });
    const fills = (read ?? []).filter((f) => !this.#seenFills.has(f.tid));
    this.#noteFills(fills);
    let updates: HistoricalOrder[] = [];
    if (open !== this.#openOrders || fills.length > 0) {
      this.#openOrders = open;
      const history = await this.#historicalOrders();
      updates = history.filter((entry) => this.#orders.get(entry.order.oid) !== orderKey(entry));
      this.#orders = this.#keyed(history);
      updates.sort((a, b) => a.statusTimestamp - b.statusTimestamp || a.order.oid - b.order.oid);
    }
    let fundings: ReturnType<typeof funding>[] = [];
    const hour = Math.floor(nowMs / HOUR_MS);
    if (hour !== this.#fundingHour) {
      this.#fundingHour = hour;
      const entries = await this.#info<FundingEntry[]>({
        type: 'userFunding',
        user,
        startTime: this.#fundingCursor + 1,
        endTime: nowMs,
      });
      fundings = (entries ?? []).map(funding);
      for (const f of fundings) this.#fundingCursor = Math.max(this.#fundingCursor, f.time);
    }
    await this.#push(fills, updates, fundings);
    if (this.#sinks.clearinghouseState.size > 0) {
      // Pushed when the account changed (its margin, positions, marks), not for the time alone.
      const state = await this.#clearinghouseState();
      if (state.key !== this.#state) {
        this.#state = state.key;
        this.#send('clearinghouseState', state.text);
      }
    }
  }

  /** The clearinghouseState message now, and what tells it apart from the last (no `time`). */
  async #clearinghouseState(): Promise<{ key: string; text: string }> {
    const user = this.#user;
    const state = await this.#info<{ time?: number }>({ type: 'clearinghouseState', user });
    const { time: _time, ...rest } = state ?? {};
    return {
      key: JSON.stringify(rest),
      text: message('clearinghouseState', { dex: '', user, clearinghouseState: state }),
    };
  }

  async #push(
    fills: Fill[],
    updates: HistoricalOrder[],
    fundings: ReturnType<typeof funding>[],
  ): Promise<void> {
    const user = this.#user;
    if (updates.length > 0) {
      const data = updates.map((entry) => ({
        order: wsOrder(entry.order),
        status: entry.status,
        statusTimestamp: entry.statusTimestamp,
      }));
      this.#send('orderUpdates', message('orderUpdates', data));
    }
    if (fills.length > 0) this.#send('userFills', message('userFills', { user, fills }));
    if (fundings.length > 0) {
      this.#send('userFundings', message('userFundings', { user, fundings }));
    }
    if (this.#sinks.userEvents.size === 0) return;
    if (fills.length > 0) this.#send('userEvents', message('user', { fills }));
    for (const f of fundings) this.#send('userEvents', message('user', { funding: f }));
    const liquidated = fills.filter((f) => f.liquidation !== undefined);
    if (liquidated.length > 0) {
      const state = await this.#info<{ marginSummary: { accountValue: string } }>({
        type: 'clearinghouseState',
        user,
      });
      const notional = liquidated.reduce((sum, f) => sum + Number(f.px) * Number(f.sz), 0);
      const liquidation = {
        lid: liquidated[0]!.tid,
        liquidator: ZERO_ADDRESS,
        liquidated_user: user,
        liquidated_ntl_pos: notional.toFixed(2),
        liquidated_account_value: state?.marginSummary.accountValue ?? '0.0',
      };
      this.#send('userEvents', message('user', { liquidation }));
    }
    const canceled = updates
      .filter((entry) => NON_USER_CANCELS.has(entry.status))
      .map((entry) => ({ coin: entry.order.coin, oid: entry.order.oid }));
    if (canceled.length > 0) {
      this.#send('userEvents', message('user', { nonUserCancel: canceled }));
    }
  }

  #send(channel: UserChannel, text: string): void {
    for (const sink of [...this.#sinks[channel]]) sink.send(text);
  }

  async #historicalOrders(): Promise<HistoricalOrder[]> {
    return (
      (await this.#info<HistoricalOrder[]>({ type: 'historicalOrders', user: this.#user })) ?? []
    );
  }

  #keyed(history: HistoricalOrder[]): Map<number, string> {
    return new Map(history.map((entry) => [entry.order.oid, orderKey(entry)]));
  }

  #noteFills(fills: Fill[]): void {
    for (const fill of fills) {
      this.#seenFills.set(fill.tid, fill.time);
      this.#fillCursor = Math.max(this.#fillCursor, fill.time);
    }
    const oldest = this.#fillCursor - FILL_MARGIN_MS;
    for (const [tid, time] of this.#seenFills) {
      if (time < oldest) this.#seenFills.delete(tid);
    }
  }
}
