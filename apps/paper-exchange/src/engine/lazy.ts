import { assetIdByName, PERP_ASSETS } from '../market/assets.js';
import type { PerpAsset } from '../market/assets.js';
import { marksAt } from '../market/marks.js';
import type { Marks } from '../market/marks.js';
import type { Account, OrderRecord, PaperState } from '../state.js';
import { roundTo } from '../util/decimal.js';
import { accountSummary } from './margin.js';
import { applyFill } from './matching.js';

/**
 * Time passes between requests: before answering, the exchange replays the price path since its
 * last evaluation (one sample a minute, at most MAX_STEPS samples) and fills resting orders whose
 * limit the mid crossed, at their limit price as maker, then liquidates accounts whose value fell
 * below their maintenance margin.
 */

const STEP_MS = 60_000;
const MAX_STEPS = 2000;

function assetOf(coin: string): PerpAsset {
  const asset = PERP_ASSETS[assetIdByName(coin)];
  if (!asset) throw new Error(`unknown coin ${coin}`);
  return asset;
}

function fillResting(
  state: PaperState,
  account: Account,
  order: OrderRecord,
  timeMs: number,
): void {
  const asset = assetOf(order.coin);
  let sz = order.sz;
  if (order.reduceOnly) {
    const szi = account.positions[order.coin]?.szi ?? 0;
    const reduces = order.side === 'B' ? szi < 0 : szi > 0;
    if (!reduces) {
      order.status = 'reduceOnlyCanceled';
      order.statusTimestamp = timeMs;
      return;
    }
    sz = Math.min(sz, Math.abs(szi));
  }
  applyFill(state, account, {
    asset,
    side: order.side,
    px: Number(order.limitPx),
    sz,
    timeMs,
    oid: order.oid,
    cloid: order.cloid,
    crossed: false,
  });
  order.sz = roundTo(order.sz - sz, asset.szDecimals);
  if (order.sz <= 0 || order.reduceOnly) {
    order.sz = 0;
    order.status = 'filled';
    order.statusTimestamp = timeMs;
  }
}

/** Closes every position at its mark and cancels resting orders; equity cannot go below zero. */
export function liquidate(state: PaperState, account: Account, marks: Marks, timeMs: number): void {
  for (const order of account.orders) {
    if (order.status !== 'open') continue;
    order.status = 'liquidatedCanceled';
    order.statusTimestamp = timeMs;
  }
  for (const [coin, position] of Object.entries(account.positions)) {
    const mark = marks[coin] ?? position.entryPx;
    applyFill(state, account, {
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
  account.usdc = Math.max(0, account.usdc);
}

function evaluateAt(state: PaperState, timeMs: number): boolean {
  const marks = marksAt(state.seed, timeMs);
  let changed = false;
  for (const account of Object.values(state.accounts)) {
    for (const order of account.orders) {
      if (order.status !== 'open' || order.timestamp >= timeMs) continue;
      const mark = marks[order.coin] ?? Number.NaN;
      const limit = Number(order.limitPx);
      if (order.side === 'B' ? mark <= limit : mark >= limit) {
        fillResting(state, account, order, timeMs);
        changed = true;
      }
    }
    if (Object.keys(account.positions).length === 0) continue;
    const summary = accountSummary(account, marks);
    if (summary.accountValue < summary.maintenance) {
      liquidate(state, account, marks, timeMs);
      changed = true;
    }
  }
  return changed;
}

function hasExposure(state: PaperState): boolean {
  return Object.values(state.accounts).some(
    (account) =>
      Object.keys(account.positions).length > 0 || account.orders.some((o) => o.status === 'open'),
  );
}

/**
 * Advances the exchange to `nowMs` (epoch ms). Returns true when an order filled or an account
 * was liquidated, i.e. when the state must be saved.
 */
export function advance(state: PaperState, nowMs: number): boolean {
  const from = state.lastEvalMs;
  if (nowMs <= from) return false;
  state.lastEvalMs = nowMs;
  if (!hasExposure(state)) return false;
  const step = Math.max(STEP_MS, (nowMs - from) / MAX_STEPS);
  let changed = false;
  for (let t = from + step; ; t += step) {
    const at = Math.min(t, nowMs);
    changed = evaluateAt(state, at) || changed;
    if (at >= nowMs) break;
  }
  return changed;
}
