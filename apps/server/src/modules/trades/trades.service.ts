import {
  entryMarketError,
  importTrade,
  planExit,
  repriceTrade,
  sortTradesForDisplay,
  tradesToCsv,
  tradingDate,
  type CreateTradeRequest,
  type ImportTradesRequest,
  type MarketPrice,
  type RiskState,
  type ScriptCellsQuery,
  type Trade,
  type TradeExitRequest,
  type TradeStatusRequest,
  type UndoExitRequest,
  type UpdateTradeRequest,
} from '@tb/core';
import type { Db, Queryable } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { badRequest, unwrap } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { RiskService, RiskUser } from '../risk/risk.service.js';
import { ExitUndo } from './exit-undo.js';
import { IdempotencyKeys, type StoredAnswer } from './idempotency.js';
import type { LiveDesk, LiveRequest } from './live-desk.js';
import type { LivePlacement } from './live-placement.js';
import { openFromBody, type Board, type OpenInputs } from './open-from-body.js';
import { TradeOrdersRepository } from './trade-orders.repository.js';
import { TradesRepository } from './trades.repository.js';
import {
  checkId,
  closedTrade,
  hideOpen,
  liveDelete,
  liveLevels,
  tradeNotFound,
  verifiedTrade,
} from './trade-refusals.js';

/** Whether an edit keeps the pair, side and levels the trade's exchange orders were sent with. */
const keepsLevels = (trade: Trade, body: UpdateTradeRequest) =>
  trade.pair === body.pair &&
  trade.isLong === body.isLong &&
  trade.entryPrice === body.entryPrice &&
  trade.stopLoss === body.stopLoss &&
  trade.takeProfit === body.takeProfit;

/**
 * Where a trade's score comes from: the stored board on screen (the bingo module owns it). Its
 * id and name are kept with the trade, so analytics matches cells within one board.
 */
export interface BoardCells {
  /**
   * The board on screen with what the script found for its script cells, ticked by the server
   * for the trade's pair, side and timeframe (DESIGN.md section 15).
   */
  boardForTrade(user: UserRow, trade: ScriptCellsQuery): Promise<Board>;
}

/**
 * The market price of a journal pair ('BTCUSDT'), or null when the server does not know it
 * (the exchange module's shared market data: ExchangeService.marketPrice).
 */
export type MarketPriceLookup = (pair: string) => Promise<MarketPrice | null>;

/**
 * The USDC balance a new trade is sized from (SPEC.md section 9): that of `connectionId` (else
 * the newest connection) while the user's live trading is on; null when off or not read.
 */
export type BalanceLookup = (userId: string, connectionId?: string) => Promise<number | null>;

/** The journal export: a CSV file and the name it is saved under. */
export interface TradeExport {
  filename: string;
  csv: string;
}

/**
 * The trade journal. Every rule is core's (openTrade, repriceTrade, planExit and the risk
 * rules); a trade and the risk change it causes commit in one transaction.
 */
export class TradesService {
  constructor(
    private readonly db: Db,
    private readonly risk: RiskService,
    private readonly board: BoardCells,
    private readonly now: Clock,
    /** The live desk and placement (POST /api/trades with `order`, Idempotency-Key). */
    private readonly live: { desk: LiveDesk; placement: LivePlacement },
    /** Where deletions are written down (the audit log). */
    private readonly audit: Pick<AuditRepository, 'record'>,
    /** Bounds entry prices against the market where it is known; none without it. */
    private readonly marketPrice?: MarketPriceLookup,
    /** Sizes new trades from the exchange balance with live trading on; stored sizes without. */
    private readonly balance?: BalanceLookup,
  ) {}

  /** The pair's market price, read before any transaction opens (it may wait on the exchange). */
  async #market(pair: string): Promise<MarketPrice | null> {
    return (await this.marketPrice?.(pair)) ?? null;
  }

  /** What a new trade opens against, read at once before any transaction opens. */
  async #openInputs(user: UserRow, body: CreateTradeRequest): Promise<OpenInputs> {
    const { pair, isLong, timeframe = '1h' } = body;
    const [board, market, balanceUsd] = await Promise.all([
      this.board.boardForTrade(user, { pair, isLong, timeframe }),
      this.#market(body.pair),
      this.balance ? this.balance(user.id, body.connectionId) : null,
    ]);
    return { board, market, balanceUsd };
  }

  /** The trades table, through the database or a transaction. */
  #trades(q: Queryable = this.db) {
    return new TradesRepository(q);
  }

  /** The user's listed trades, each placed one with its live state (one more query, on `q`). */
  async list(userId: string, q: Queryable = this.db): Promise<Trade[]> {
    const trades = await this.#trades(q).listVisible(userId);
    const live = await new TradeOrdersRepository(q).findMany(
      userId,
      trades.map((trade) => trade.id),
    );
    return sortTradesForDisplay(
      trades.map((trade) => {
        const link = live.get(trade.id);
        return link ? { ...trade, live: link } : trade;
      }),
    );
  }

  /**
   * Opens a trade (core openTrade): score, tier and ticked cells from the stored board, size
   * at most the suggested one, the entry near the market where it is known. Refused with 403
   * SESSION_ENDED while the session is ended; today's trade count goes up in the same commit.
   * With `order`, placed on the exchange first (LivePlacement). Under the trader's lock and
   * answered once per Idempotency-Key (LiveDesk) when it places an order or carries a key.
   */
  async create(
    user: UserRow,
    body: CreateTradeRequest,
    request: LiveRequest = { fingerprint: '' },
  ): Promise<StoredAnswer> {
    if (!body.order && !request.key) {
      return { status: 201, body: await this.#createJournal(user, body, undefined) };
    }
    return this.live.desk.run(user.id, request, async (key) => {
      const inputs = await this.#openInputs(user, body);
      const trade = body.order
        ? await this.live.placement.place(user, { ...body, order: body.order }, inputs, key)
        : await this.#createJournal(user, body, key, inputs);
      return { status: 201, body: trade };
    });
  }

  /** A journal trade: its row and risk change (and its key's answer) in one commit. */
  async #createJournal(
    user: UserRow,
    body: CreateTradeRequest,
    key: string | undefined,
    read?: OpenInputs,
  ): Promise<Trade> {
    const inputs = read ?? (await this.#openInputs(user, body));
    return this.db.transaction(async (tx) => {
      const risk = await this.risk.load(tx, user);
      const now = this.now();
      const opened = openFromBody(body, risk, inputs, user.timeZone, now);
      const trade = await this.#trades(tx).insert(user.id, opened.trade, now, {
        id: inputs.board.id,
        name: inputs.board.name,
      });
      await this.risk.save(tx, user, opened.risk);
      if (key) {
        await new IdempotencyKeys(tx).complete(user.id, key, { status: 201, body: trade });
      }
      return trade;
    });
  }

  /** One trade of the user, with its exchange orders when it was placed; 404 otherwise. */
  async get(userId: string, id: string): Promise<Trade> {
    checkId(id);
    const trade = await this.#trades().find(userId, id);
    if (!trade) throw tradeNotFound();
    const live = await new TradeOrdersRepository(this.db).find(userId, id);
    return live ? { ...trade, live } : trade;
  }

  /**
   * The session lock on its own, for live orders through the exchange proxy: 403
   * SESSION_ENDED with `reason` and `reopensAt`, as a refused trade.
   */
  ensureSessionOpen(user: RiskUser): Promise<void> {
    return this.risk.ensureSessionOpen(user);
  }

  /**
   * Edits an OPEN trade: the same USD size at the new levels (core repriceTrade). A new entry
   * or pair is bounded by the market as a new trade is; an edit that keeps both is not. A
   * placed trade's pair, side and levels are its exchange orders': only its notes and date
   * change (409 CONFLICT otherwise), and it is answered with its `live` state.
   */
  async update(
    user: RiskUser,
    id: string,
    body: UpdateTradeRequest,
  ): Promise<{ trade: Trade; stats: RiskState }> {
    checkId(id);
    const market = await this.#market(body.pair);
    return this.db.transaction(async (tx) => {
      const existing = await this.#trades(tx).find(user.id, id, true);
      if (!existing) throw tradeNotFound();
      if (existing.verified) throw verifiedTrade('changed');
      if (existing.status !== 'OPEN') throw closedTrade();
      const live = await new TradeOrdersRepository(tx).find(user.id, id);
      if (live && !keepsLevels(existing, body)) throw liveLevels();
      if (existing.entryPrice !== body.entryPrice || existing.pair !== body.pair) {
        const far = entryMarketError(body.entryPrice, market);
        if (far) throw badRequest(far, 'entryPrice');
      }
      const facts = repriceTrade(existing.sizeUsd, body);
      const trade = await this.#trades(tx).update(
        user.id,
        id,
        {
          pair: body.pair,
          isLong: body.isLong,
          entryPrice: body.entryPrice,
          stopLoss: body.stopLoss,
          takeProfit: body.takeProfit,
          notes: body.notes,
          date: body.date ?? existing.date,
          ...facts,
        },
        this.now(),
      );
      const stats = await this.risk.load(tx, user);
      return { trade: live ? { ...trade, live } : trade, stats };
    });
  }

  /**
   * Target Hit or Stoploss Hit: the rest of the position exits at that level (all of it when no
   * part was taken by hand), and the risk state moves in the same commit (see exit). A placed
   * trade is answered with its `live` state.
   */
  close(user: RiskUser, id: string, body: TradeStatusRequest) {
    return this.#exitOpen(user, id, (trade) => ({
      price: body.status === 'TARGET_HIT' ? trade.takeProfit : trade.stopLoss,
    }));
  }

  /**
   * An exit by hand at the price it really got (POST /api/trades/:id/exits): all that is open,
   * or `quantity` units of it. The last exit closes the trade at the exits' weighted price, and
   * the risk state counts it then, by its result (a 0R close is a break-even, not a stoploss).
   */
  exit(user: RiskUser, id: string, body: TradeExitRequest) {
    return this.#exitOpen(user, id, () => body);
  }

  /** Locks the owner's trade, refuses a verified one, and takes the exit `request` names. */
  #exitOpen(
    user: RiskUser,
    id: string,
    request: (trade: Trade) => TradeExitRequest,
  ): Promise<{ trade: Trade; stats: RiskState }> {
    checkId(id);
    return this.db.transaction(async (tx) => {
      const existing = await this.#trades(tx).find(user.id, id, true);
      if (!existing) throw tradeNotFound();
      if (existing.verified) throw verifiedTrade('changed');
      return this.#exitIn(tx, user, existing, request(existing));
    });
  }

  async #exitIn(tx: Queryable, user: RiskUser, existing: Trade, body: TradeExitRequest) {
    const now = this.now();
    const plan = unwrap(planExit(existing, body, now.toISOString()));
    const repo = this.#trades(tx);
    const keepUndo = await this.#undo(tx).before(user, existing.id);
    const stats = plan.closing
      ? await this.risk.applyOutcome(tx, user, plan.closing)
      : await this.risk.load(tx, user);
    const trade = plan.closing
      ? await repo.close(user.id, existing.id, plan.closing, now, plan.exits)
      : await repo.recordExits(user.id, existing.id, plan.exits, now);
    await keepUndo(trade.exits);
    const live = await new TradeOrdersRepository(tx).find(user.id, existing.id);
    return { trade: live ? { ...trade, live } : trade, stats };
  }

  /** What undoes the latest exit by hand, in the transaction `tx` (exit-undo.ts). */
  #undo(tx: Queryable) {
    return new ExitUndo(tx, this.risk, this.now);
  }

  /**
   * POST /api/trades/:id/undo-exit: within EXIT_UNDO_MS of the latest exit by hand, puts the
   * trade and the risk state back as they were before it (ExitUndo); 404 or 409 otherwise.
   */
  undoExit(user: RiskUser, id: string, body: UndoExitRequest) {
    checkId(id);
    return this.db.transaction((tx) => this.#undo(tx).undo(user, id, body));
  }

  /**
   * Deletes a trade; today's trade count keeps it (a slot is not given back). A placed OPEN
   * trade whose entry rests or whose position is open is refused (409 CONFLICT): its orders
   * would stay on the exchange untracked. Closed ones are deleted as any trade.
   */
  async remove(userId: string, id: string) {
    checkId(id);
    const removed = await this.db.transaction(async (tx) => {
      const existing = await this.#trades(tx).find(userId, id, true);
      if (!existing) throw tradeNotFound();
      if (existing.verified) throw verifiedTrade('deleted');
      if (existing.status === 'OPEN') {
        const live = await new TradeOrdersRepository(tx).find(userId, id);
        if (live && live.execution !== 'closed') throw liveDelete();
      }
      if (!(await this.#trades(tx).delete(userId, id))) throw tradeNotFound();
      return existing;
    });
    // An unverified trade may go; the log keeps what it was.
    await this.audit.record({
      actorId: userId,
      action: 'trade.delete',
      targetType: 'trade',
      targetId: id,
      details: {
        pair: removed.pair,
        isLong: removed.isLong,
        status: removed.status,
        rMultiple: removed.rMultiple,
        pnlUsd: removed.pnlUsd,
        openedAt: removed.date,
      },
    });
  }

  /**
   * Takes one closed trade off the dashboard's list (POST /api/trades/:id/hide); statistics,
   * analytics, the export and the leaderboard keep it. Verified ones too: hiding is not deleting.
   */
  async hide(userId: string, id: string): Promise<void> {
    checkId(id);
    const existing = await this.#trades().find(userId, id);
    if (!existing) throw tradeNotFound();
    if (existing.status === 'OPEN') throw hideOpen();
    await this.#trades().hide(userId, id);
  }

  /**
   * POST /api/trades/import: the browser's journal at sign-in, each trade as it was (cells,
   * score and tier recomputed from them, size, times, a closed one's result from its levels),
   * marked imported and unverified. Not one of today's trades: the risk state does not move.
   */
  async importTrades(userId: string, body: ImportTradesRequest): Promise<Trade[]> {
    const list = body.trades.map((trade) => importTrade(trade));
    return this.#trades().insertImported(userId, list, this.now());
  }

  async clearHistory(userId: string): Promise<Trade[]> {
    await this.#trades().hideClosed(userId);
    return this.list(userId);
  }

  /** GET /api/trades/export.csv: every trade of the user, hidden ones too (core tradesToCsv). */
  async exportCsv(user: RiskUser): Promise<TradeExport> {
    const rows = await this.#trades().listAll(user.id);
    const day = tradingDate(this.now().getTime(), user.timeZone);
    return { filename: `trading-bingo-trades-${day}.csv`, csv: tradesToCsv(rows) };
  }
}
