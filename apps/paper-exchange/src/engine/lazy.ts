import { HOUR_MS, nextHour } from '../market/funding-rate.js';
import { marksAt } from '../market/marks.js';
import type { Marks } from '../market/marks.js';
import type { MarkPins } from '../market/pins.js';
import { finishOrder, hasExposure } from '../state.js';
import type { Ledger, OrderRecord } from '../state.js';
import { roundTo } from '../util/decimal.js';
import { settleFunding } from './funding.js';
import { fireScheduledCancel } from './schedule-cancel.js';
import { isIsolated, isolatedUnderwater } from './isolated.js';
import { accountSummary, maintenanceRate } from './margin.js';
import { applyFill } from './matching.js';
import {
  assetOf,
  cancelSiblings,
  cancelStaleReduceOnly,
  evaluateTrigger,
  reducibleSize,
} from './triggers.js';

/**
 * Time passes between requests: before a request works on an account, the exchange replays the
 * price path since that account's last evaluation (one sample a minute, at most MAX_STEPS
 * samples, plus every whole hour) and fills its resting orders whose limit the mid crossed, at
 * their limit price as maker, then liquidates each isolated position whose own margin fell
 * below its maintenance margin and the cross positions if the cross account's value did, and
 * settles funding at each whole hour. Each account is evaluated on its own: the
 * prices are one function of time (the seeded path, or mainnet's answers and the path anchored
 * at them: market/source.ts), so the result does not depend on other accounts or on who asks.
 */

const STEP_MS = 60_000;
const MAX_STEPS = 2000;

function fillResting(ledger: Ledger, order: OrderRecord, timeMs: number): void {
  const { account } = ledger;
  const asset = assetOf(order.coin);
  let sz = order.sz;
  if (order.reduceOnly) {
    sz = reducibleSize(account, order, sz);
    if (sz <= 0) {
      finishOrder(ledger, order, 'reduceOnlyCanceled', timeMs);
      return;
    }
  }
  applyFill(ledger, {
    asset,
    side: order.side,
    px: Number(order.limitPx),
    sz,
    timeMs,
    oid: order.oid,
    cloid: order.cloid,
    crossed: false,
  });
  cancelSiblings(ledger, order, timeMs);
  order.sz = roundTo(order.sz - sz, asset.szDecimals);
  if (order.sz <= 0 || order.reduceOnly) {
    order.sz = 0;
    finishOrder(ledger, order, 'filled', timeMs);
  }
}

/** Closes `coin`'s position at its mark, as a liquidation. */
function closeAtMark(ledger: Ledger, coin: string, mark: number, timeMs: number): void {
  const position = ledger.account.positions[coin];
  if (!position) return;
  applyFill(ledger, {
    asset: assetOf(coin),
    side: position.szi > 0 ? 'A' : 'B',
    px: mark,
    sz: Math.abs(position.szi),
    timeMs,
    oid: 0,
    cloid: null,
    crossed: true,
    liquidationMarkPx: mark,
  });
}

/**
 * Closes every cross position at its mark and cancels resting orders; the cross account's
 * equity cannot go below zero. Isolated positions keep their own margin and stay open.
 */
export function liquidate(ledger: Ledger, marks: Marks, timeMs: number): void {
  const { account } = ledger;
  for (const order of [...account.openOrders]) {
    finishOrder(ledger, order, 'liquidatedCanceled', timeMs);
  }
  for (const [coin, position] of Object.entries(account.positions)) {
    if (!isIsolated(position)) closeAtMark(ledger, coin, marks[coin] ?? position.entryPx, timeMs);
  }
  let isolatedMargin = 0;
  for (const position of Object.values(account.positions)) {
    isolatedMargin += position.isolatedMargin ?? 0;
  }
  account.usdc = Math.max(isolatedMargin, account.usdc);
}

/**
 * Closes at the mark each isolated position whose equity fell below its maintenance margin
 * (engine/isolated.ts): it loses its own margin at most; the cross account and the other
 * positions are untouched. Returns whether any was liquidated.
 */
function liquidateIsolated(ledger: Ledger, marks: Marks, timeMs: number): boolean {
  let liquidated = false;
  for (const [coin, position] of Object.entries(ledger.account.positions)) {
    const mark = marks[coin];
    if (!isIsolated(position) || mark === undefined) continue;
    if (!isolatedUnderwater(position, mark, maintenanceRate(assetOf(coin)))) continue;
    closeAtMark(ledger, coin, mark, timeMs);
    liquidated = true;
  }
  if (liquidated) cancelStaleReduceOnly(ledger, timeMs);
  return liquidated;
}

function evaluateAt(ledger: Ledger, seed: number, timeMs: number, pins?: MarkPins): boolean {
  const { account } = ledger;
  const marks = marksAt(seed, timeMs, pins);
  let changed = false;
  for (const order of [...account.openOrders]) {
    if (order.timestamp >= timeMs || !account.openOrders.includes(order)) continue;
    const mark = marks[order.coin] ?? Number.NaN;
    if (order.trigger && order.triggeredMs === undefined) {
      changed = evaluateTrigger(ledger, order, mark, { seed, pins }, timeMs) || changed;
      continue;
    }
    const limit = Number(order.limitPx);
    if (order.side === 'B' ? mark <= limit : mark >= limit) {
      fillResting(ledger, order, timeMs);
      changed = true;
    }
  }
  if (changed) cancelStaleReduceOnly(ledger, timeMs);
  if (Object.keys(account.positions).length === 0) return changed;
  changed = liquidateIsolated(ledger, marks, timeMs) || changed;
  const summary = accountSummary(account, marks);
  if (summary.cross.accountValue < summary.maintenance) {
    liquidate(ledger, marks, timeMs);
    changed = true;
  }
  return changed;
}

/**
 * Advances the ledger's account to `nowMs` (epoch ms) on the price path of `seed`. Returns
 * true when an order filled, the account was liquidated or it settled funding. `lastEvalMs`
 * moves in any case.
 *
 * Samples are taken every step (a minute, longer over a gap of more than MAX_STEPS minutes)
 * and at every whole hour in between, where the account's orders are evaluated first and then
 * the positions it holds settle that hour's funding (engine/funding.ts): each hour is settled
 * once, at its own mark, whatever the gap and whenever the account is looked at. The account's
 * scheduled cancel is a sample too: orders that filled before it did, the rest are canceled.
 */
export function advance(ledger: Ledger, seed: number, nowMs: number, pins?: MarkPins): boolean {
  const { account } = ledger;
  const from = account.lastEvalMs;
  if (nowMs < from) return false;
  if (nowMs === from) {
    // A pin set since the last evaluation is seen at once, even within the same millisecond.
    return pins?.setSince(from) && hasExposure(account)
      ? evaluateAt(ledger, seed, nowMs, pins)
      : false;
  }
  account.lastEvalMs = nowMs;
  if (!hasExposure(account)) {
    // A scheduled cancel that came due with nothing open lapses.
    fireScheduledCancel(ledger, nowMs);
    return false;
  }
  const step = Math.max(STEP_MS, (nowMs - from) / MAX_STEPS);
  let changed = false;
  let sample = from + step;
  let hour = nextHour(from);
  let cancelAt = account.scheduledCancelMs ?? Infinity;
  for (;;) {
    const at = Math.min(sample, hour, cancelAt, nowMs);
    changed = evaluateAt(ledger, seed, at, pins) || changed;
    if (at === hour) {
      changed = settleFunding(ledger, seed, hour, pins) || changed;
      hour += HOUR_MS;
    }
    if (at === cancelAt) {
      changed = fireScheduledCancel(ledger, at) || changed;
      cancelAt = Infinity;
    }
    if (at === sample) sample += step;
    if (at >= nowMs || !hasExposure(account)) break;
  }
  return changed;
}
