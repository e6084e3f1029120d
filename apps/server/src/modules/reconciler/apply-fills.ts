import {
  closeFromFills,
  fillsVwap,
  type ClosedTradeStatus,
  type ExchangeFill,
  type FundingPayment,
  type TradeOutcome,
} from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.js';
import type { ExchangeFillRow, TradeOrdersRow, TradeRow } from '../../db/schema/index.js';
import type { RiskUser } from '../risk/risk.service.js';
import { fundingOfSpan, moveFundingCursor, spanOfFills, storeFundings } from './fundings.js';
import { journalOffPlan, toFill, type ApplyOffPlan } from './off-plan.js';
import { ReconcilerRepository, type FillRole, type MatchedFill } from './reconciler.repository.js';

/** Moves a user's risk state by a closed outcome, in the caller's transaction. */
export type ApplyOutcome = (
  tx: Queryable,
  user: RiskUser,
  outcome: TradeOutcome,
) => Promise<unknown>;

/** The cursor move found another instance holding the lease: the pass is rolled back. */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

/** What one pass over a connection's fills needs besides the transaction. */
export interface PassContext {
  me: string;
  userId: string;
  connectionId: string;
  now: Date;
  /** Funding payments read this pass (fundings.ts), and where the next read starts. */
  funding?: { payments: FundingPayment[]; nextFrom: number };
  applyOutcome: ApplyOutcome;
  /** Journals what no plan explains (off-plan.ts); off-plan trades are not made without it. */
  applyOffPlan?: ApplyOffPlan;
  log: FastifyBaseLogger;
}

/** Which of a link's orders a fill belongs to, if any: by order id, else by client id. */
function roleOf(fill: ExchangeFill, link: TradeOrdersRow): FillRole | null {
  if (fill.coin !== link.coin) return null;
  const is = (oid: string | null, cloid: string) =>
    fill.oid === oid || (fill.cloid !== null && fill.cloid === cloid);
  if (is(link.entryOid, link.entryCloid)) return 'entry';
  if (is(link.tpOid, link.tpCloid)) return 'takeProfit';
  if (is(link.slOid, link.slCloid)) return 'stopLoss';
  // Exits placed from the journal, by oid or by the cloid recorded before sending.
  const exits = link.otherExitOids;
  if (exits.includes(fill.oid) || (fill.cloid !== null && exits.includes(fill.cloid))) {
    return 'close';
  }
  return null;
}

/** Each fill with the linked trade and role it has; null ones are unjournaled. */
export function matchFills(
  fills: readonly ExchangeFill[],
  links: readonly TradeOrdersRow[],
): MatchedFill[] {
  return fills.map((fill) => {
    for (const link of links) {
      const role = roleOf(fill, link);
      if (role) return { fill, tradeId: link.tradeId, role };
    }
    return { fill, tradeId: null, role: null };
  });
}

/** Fills matched and stored per statement. */
const FILLS_PER_STATEMENT = 500;

/** Sizes are decimals of the asset: equal within this relative tolerance. */
const SIZE_TOLERANCE = 1e-9;

/**
 * TARGET_HIT when only the take profit exited, STOPLOSS_HIT when only the stop (the one placed
 * with the bracket); otherwise by R (core closeFromFills): a mix, a close at market, or a stop
 * the trader moved toward profit, whose fill at break-even or better is not a loss.
 */
function exitStatus(
  roles: ReadonlySet<string | null>,
  stopMoved: boolean,
): ClosedTradeStatus | undefined {
  const tp = roles.has('takeProfit');
  const sl = roles.has('stopLoss');
  if (tp && !sl) return 'TARGET_HIT';
  if (sl && !tp && !stopMoved) return 'STOPLOSS_HIT';
  return undefined;
}

/**
 * Recomputes one linked trade from all its stored fills: the entry's price and size (and
 * `open` once it filled); when exits cover what the entry filled, closes the OPEN trade
 * verified (core closeFromFills) and moves the owner's risk state. Answers the trade's link
 * when it closed, else null.
 */
async function applyToTrade(
  tx: Queryable,
  repo: ReconcilerRepository,
  tradeId: string,
  ctx: PassContext,
): Promise<TradeOrdersRow | null> {
  const linked = await repo.linkedTrade(tradeId);
  if (!linked) return null;
  const { trade, link } = linked;
  const rows = await repo.fillsOfTrade(tradeId);
  const entries = rows.filter((r) => r.role === 'entry').map(toFill);
  const exitRows = rows.filter((r) => r.role !== null && r.role !== 'entry');
  // A trade closed by hand is no longer followed (it stays unverified); its fills keep its id.
  if (trade.status !== 'OPEN') return null;
  const entry = fillsVwap(entries);
  if (entry) await repo.markEntry(tradeId, entry.price, entry.size);
  if (exitRows.length === 0) return null;
  const held = entry?.size ?? (link.execution === 'open' ? Number(trade.quantity) : null);
  const exits = exitRows.map(toFill);
  const exited = exits.reduce((sum, f) => sum + f.sz, 0);
  if (held === null || exited < held * (1 - SIZE_TOLERANCE)) return null;
  const closed = await closeTrade(
    tx,
    repo,
    trade,
    entries,
    exits,
    exitStatus(new Set(exitRows.map((r) => r.role)), link.stopPx !== null),
    ctx,
  );
  return closed ? link : null;
}

async function closeTrade(
  tx: Queryable,
  repo: ReconcilerRepository,
  trade: TradeRow,
  entries: ExchangeFill[],
  exits: ExchangeFill[],
  status: ClosedTradeStatus | undefined,
  ctx: PassContext,
): Promise<boolean> {
  const closable = {
    isLong: trade.isLong,
    entryPrice: Number(trade.entryPrice),
    stopLoss: Number(trade.stopLoss),
    takeProfit: Number(trade.takeProfit),
    quantity: Number(trade.quantity),
    status: trade.status,
  };
  const held = fillsVwap(entries)?.size ?? fillsVwap(exits)?.size ?? 0;
  const span = spanOfFills(entries, exits, trade.date.getTime(), held);
  const fundingUsd = span ? await fundingOfSpan(tx, ctx.connectionId, span) : 0;
  const closing = closeFromFills(closable, entries, exits, status, fundingUsd);
  if (!closing.ok) return false;
  if (!(await repo.closeFromFills(trade.id, closing.value, ctx.now))) return false;
  const user = await repo.riskUser(trade.userId);
  if (!user) return true;
  const { status: closed, pnlUsd, rMultiple } = closing.value;
  // Recorded even after the day's third stoploss: the money is already lost on the exchange.
  await ctx.applyOutcome(tx, user, { status: closed, pnlUsd, rMultiple, fromExchange: true });
  return true;
}

/** What one pass changed. */
export interface AppliedFills {
  /** The links of the trades it closed. */
  closed: TradeOrdersRow[];
  /** Whether a journal trade changed: an entry or exit filled, or an off-plan trade. */
  tradesChanged: boolean;
  /** Whether the owner's risk state moved: a trade closed, or an off-plan trade. */
  riskChanged: boolean;
}

/**
 * Applies fills read from a connection in the caller's transaction: stores the new ones
 * (a tid already stored is skipped: that is what makes a pass idempotent), matched to the
 * connection's linked trades; recomputes each trade a new fill belongs to; then moves the
 * cursor to the newest fill's time, or throws LeaseLost when this instance no longer holds
 * the lease (the caller's transaction then rolls back). Answers what it changed.
 */
export async function applyFills(
  tx: Queryable,
  fills: readonly ExchangeFill[],
  ctx: PassContext,
): Promise<AppliedFills> {
  const repo = new ReconcilerRepository(tx);
  if (ctx.funding) {
    await storeFundings(tx, ctx, ctx.funding.payments);
    await moveFundingCursor(tx, ctx.connectionId, ctx.funding.nextFrom);
  }
  const stored: ExchangeFillRow[] = [];
  // In slices: a statement takes at most 65,535 parameters, a read up to 10,000 fills.
  for (let i = 0; i < fills.length; i += FILLS_PER_STATEMENT) {
    const slice = fills.slice(i, i + FILLS_PER_STATEMENT);
    const links = await repo.linksOf(ctx.userId, ctx.connectionId, slice);
    stored.push(...(await repo.insertNew(ctx.userId, ctx.connectionId, matchFills(slice, links))));
  }
  const touched = [...new Set(stored.flatMap((row) => (row.tradeId ? [row.tradeId] : [])))];
  const closed: TradeOrdersRow[] = [];
  for (const tradeId of touched) {
    const link = await applyToTrade(tx, repo, tradeId, ctx);
    if (link) closed.push(link);
  }
  // What no plan explains becomes an off-plan trade once its round trip has closed.
  let offPlan = 0;
  if (ctx.applyOffPlan) {
    offPlan = await journalOffPlan(tx, {
      userId: ctx.userId,
      fundingOf: (span) => fundingOfSpan(tx, ctx.connectionId, span),
      connectionId: ctx.connectionId,
      now: ctx.now,
      user: await repo.riskUser(ctx.userId),
      applyOffPlan: ctx.applyOffPlan,
    });
  }
  const newest = fills.reduce<number | null>(
    (max, f) => (max === null || f.time > max ? f.time : max),
    null,
  );
  if (!(await repo.moveCursor(ctx.me, ctx.connectionId, newest, ctx.now))) throw new LeaseLost();
  return {
    closed,
    tradesChanged: touched.length > 0 || offPlan > 0,
    riskChanged: closed.length > 0 || offPlan > 0,
  };
}
