import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { PerpAsset } from '../market/assets.js';
import type { Book } from '../market/book.js';
import { formatDecimal, formatUsd, roundTo } from '../util/decimal.js';
import { takeId } from '../state.js';
import type { FillRecord, Ledger, Position, Side } from '../state.js';
import { isolatedAfterFill } from './isolated.js';
import { leverageFor } from './margin.js';

/** Fee rates as fractions of notional: taker 0.045%, maker 0.015%. */
export const TAKER_FEE_RATE = 0.00045;
export const MAKER_FEE_RATE = 0.00015;
/** A price level taken by a taker order: price USD, size in coin units. */
export interface Take {
  px: number;
  sz: number;
}

/**
 * Walks the synthetic book for a taker order: levels at or better than `limitPx`, until `sz`
 * is filled or the book runs out.
 */
export function walkBook(
  book: Book,
  side: Side,
  limitPx: number,
  sz: number,
  szDecimals: number,
): Take[] {
  const levels = side === 'B' ? book.asks : book.bids;
  const takes: Take[] = [];
  let left = sz;
  for (const level of levels) {
    if (left <= 0) break;
    const crosses = side === 'B' ? level.px <= limitPx : level.px >= limitPx;
    if (!crosses) break;
    const take = Math.min(left, level.sz);
    takes.push({ px: level.px, sz: take });
    left = roundTo(left - take, szDecimals);
  }
  return takes;
}

function direction(start: number, end: number): string {
  if (start >= 0 && end > start) return 'Open Long';
  if (start <= 0 && end < start) return 'Open Short';
  if (start > 0 && end < 0) return 'Long > Short';
  if (start < 0 && end > 0) return 'Short > Long';
  return start > 0 ? 'Close Long' : 'Close Short';
}

function fillHash(tid: number): `0x${string}` {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(`paper-fill-${tid}`)))}`;
}

/**
 * The funding a position carries through a fill: what it paid since it opened stays while it
 * keeps its side (a flip opens a new position); what it paid since its size changed restarts.
 */
function keptFunding(position: Position, start: number, end: number): Pick<Position, 'funding'> {
  const sinceOpen = position.funding?.sinceOpen;
  if (sinceOpen === undefined || Math.sign(start) !== Math.sign(end)) return {};
  return { funding: { sinceOpen, sinceChange: 0 } };
}

export interface FillInput {
  asset: PerpAsset;
  side: Side;
  px: number;
  sz: number;
  timeMs: number;
  oid: number;
  cloid: string | null;
  /** True for the taker side (taker fee), false for a resting order (maker fee). */
  crossed: boolean;
  liquidationMarkPx?: number;
}

/**
 * Applies one fill to the account: moves the one-way position (averaging the entry on adds,
 * realising PnL into USDC on reduces, re-entering at the fill price on a flip), charges the fee,
 * moves an isolated position's margin (engine/isolated.ts) and records the fill in the ledger.
 * Returns the recorded fill.
 */
export function applyFill(ledger: Ledger, input: FillInput): FillRecord {
  const { account } = ledger;
  const { asset, side, px, sz } = input;
  const coin = asset.name;
  const position = account.positions[coin] ?? { szi: 0, entryPx: 0 };
  const start = position.szi;
  const end = roundTo(start + (side === 'B' ? sz : -sz), asset.szDecimals);
  let closedPnl = 0;
  let entryPx = position.entryPx;
  if (start === 0 || Math.sign(end - start) === Math.sign(start)) {
    entryPx = (Math.abs(start) * position.entryPx + sz * px) / (Math.abs(start) + sz);
  } else {
    const closed = Math.min(sz, Math.abs(start));
    closedPnl = closed * (px - position.entryPx) * Math.sign(start);
    if (Math.sign(end) !== Math.sign(start) && end !== 0) entryPx = px;
  }
  const fee = sz * px * (input.crossed ? TAKER_FEE_RATE : MAKER_FEE_RATE);
  const leverage = leverageFor(account, coin);
  const isolated = isolatedAfterFill(account, coin, {
    start,
    end,
    px,
    sz,
    fee,
    closedPnl,
    leverage,
  });
  account.usdc += closedPnl - fee + isolated.forgiven;
  if (end === 0) delete account.positions[coin];
  else {
    account.positions[coin] = {
      szi: end,
      entryPx,
      ...keptFunding(position, start, end),
      ...(isolated.margin === undefined ? {} : { isolatedMargin: isolated.margin }),
    };
  }

  const tid = takeId(account);
  const fill: FillRecord = {
    coin,
    px: formatDecimal(px, 8),
    sz: formatDecimal(sz, asset.szDecimals),
    side,
    time: input.timeMs,
    startPosition: formatDecimal(start, asset.szDecimals),
    dir:
      input.liquidationMarkPx === undefined
        ? direction(start, end)
        : `Liquidated ${direction(start, end)}`,
    closedPnl: formatUsd(closedPnl),
    hash: fillHash(tid),
    oid: input.oid,
    crossed: input.crossed,
    fee: formatUsd(fee),
    feeToken: 'USDC',
    tid,
    twapId: null,
  };
  if (input.cloid) fill.cloid = input.cloid;
  if (input.liquidationMarkPx !== undefined) {
    fill.liquidation = {
      liquidatedUser: account.address,
      markPx: formatDecimal(input.liquidationMarkPx, 8),
      method: 'market',
    };
  }
  ledger.fills.push(fill);
  return fill;
}
