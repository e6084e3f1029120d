import { DEFAULT_QUOTE } from './symbols.js';
import { roundTo } from '../format/round.js';
import type { ExchangeFill } from './fills.js';

/**
 * A position on the exchange the journal does not know (DESIGN.md section 9): the user's
 * unjournaled fills of one coin from the moment the position left 0 to the moment it was
 * back at 0 (or until now, while it is still open).
 */
export interface UnjournaledTrip {
  /** The first fill's tid (a trip opened by a fill that flipped the position: `tid:flip`). */
  id: string;
  /** The journal pair of the coin ('ETH' → 'ETHUSDT'). */
  pair: string;
  coin: string;
  isLong: boolean;
  /** Volume-weighted price of the fills that opened or added to the position. */
  entryPrice: number;
  /** Volume-weighted price of the fills that reduced it; null while the position is open. */
  exitPrice: number | null;
  /** Units opened (or closed, when the opening fills are not among these). */
  size: number;
  /** Every fill's fee, USD. */
  feesUsd: number;
  /** The fills' realised P/L minus fees, USD; null while the position is open. */
  pnlUsd: number | null;
  /** Epoch ms of the first and the last fill (null while open). */
  openedAt: number;
  closedAt: number | null;
  /** The fills of the trip, in time order. */
  tids: number[];
}

/** The part of a fill one trip holds (a flip splits one fill between two trips). */
interface Part {
  fill: ExchangeFill;
  /** Units of this fill in the trip. */
  sz: number;
  /** Whether it opened / added to the position (else it reduced it). */
  opens: boolean;
}

/** Sizes below this are 0: fills carry at most 8 decimals, sums of them drift in binary. */
const EPSILON = 1e-9;
const isZero = (x: number) => Math.abs(x) < EPSILON;
const signed = (fill: ExchangeFill) => (fill.side === 'B' ? fill.sz : -fill.sz);

/**
 * The journal pair of an exchange coin: 'ETH' → 'ETH-USD', the pair trades placed on
 * Hyperliquid from Trade Details are journaled under (upper-cased, as PairSchema stores it).
 */
export function journalPairOfCoin(coin: string): string {
  return `${coin.toUpperCase()}-${DEFAULT_QUOTE}`;
}

/**
 * Whether a fill's coin is a perp of the main dex, the only positions the journal trades:
 * spot fills ('@107', 'PURR/USDC') and builder-deployed perps ('xyz:TSLA') are left out.
 */
export function isPerpCoin(coin: string): boolean {
  return !coin.startsWith('@') && !coin.includes('/') && !coin.includes(':');
}

/** One trip's fills before they are summed up. */
interface RawTrip {
  coin: string;
  isLong: boolean;
  parts: Part[];
  closed: boolean;
  /** Opened by the rest of a fill that flipped the position. */
  flipped: boolean;
}

/** The trips of fills of any coins (see {@link roundTrips}), with the part each fill plays. */
function rawTrips(fills: readonly ExchangeFill[]): RawTrip[] {
  const byCoin = new Map<string, ExchangeFill[]>();
  for (const fill of fills) {
    if (isPerpCoin(fill.coin)) byCoin.set(fill.coin, [...(byCoin.get(fill.coin) ?? []), fill]);
  }
  const trips: RawTrip[] = [];
  for (const [coin, own] of byCoin) {
    const sorted = [...own].sort((a, b) => a.time - b.time || a.tid - b.tid);
    let current: RawTrip | null = null;
    const finish = (closed: boolean) => {
      if (current) trips.push({ ...current, closed });
      current = null;
    };
    for (const fill of sorted) {
      const before = fill.startPosition;
      const after = before + signed(fill);
      current ??= {
        coin,
        isLong: isZero(before) ? fill.side === 'B' : before > 0,
        parts: [],
        closed: false,
        flipped: false,
      };
      if (isZero(before) || before > 0 === (fill.side === 'B')) {
        current.parts.push({ fill, sz: fill.sz, opens: true });
        continue;
      }
      const closing = Math.min(fill.sz, Math.abs(before));
      current.parts.push({ fill, sz: closing, opens: false });
      if (isZero(after)) {
        finish(true);
      } else if (Math.sign(after) !== Math.sign(before)) {
        finish(true);
        current = {
          coin,
          isLong: after > 0,
          parts: [{ fill, sz: fill.sz - closing, opens: true }],
          closed: false,
          flipped: true,
        };
      }
    }
    finish(false);
  }
  return trips;
}

/**
 * The round trips of one user's fills (any coins, any order; perp coins only, see
 * {@link isPerpCoin}): per coin in time order (then
 * tid), a trip opens when the position leaves 0 (the fill's `startPosition` is 0) and ends
 * when a fill brings it back to 0. A fill that flips the position closes the trip with the
 * part that reaches 0 and opens the next with the rest (fee split by size, its realised P/L
 * kept by the closing part). A fill that meets no trip while its position is not 0 (the
 * opening fills were journaled or are older) starts one in the position's direction; when
 * such a trip has no opening fill, its entry is read back from the exits' realised P/L.
 * Trips come oldest first.
 */
export function roundTrips(fills: readonly ExchangeFill[]): UnjournaledTrip[] {
  return rawTrips(fills)
    .map(tripOf)
    .sort((a, b) => a.openedAt - b.openedAt || a.id.localeCompare(b.id));
}

/** A closed trip's fills as a close reads them: what opened it and what closed it. */
export interface ClosedTripFills {
  trip: UnjournaledTrip & { exitPrice: number; pnlUsd: number; closedAt: number };
  /** Fills that opened or added to the position (a flipping fill: its opening part). */
  entries: ExchangeFill[];
  /** Fills that reduced it (a flipping fill: the part that reached 0, with all its P/L). */
  exits: ExchangeFill[];
}

/**
 * The one closed trip `fills` make, or null when they make none or more than one (the rest
 * of a fill that flipped the position, left open by these fills, does not count). A fill
 * split by a flip counts with the size and fee of its part.
 */
export function closedTripOf(fills: readonly ExchangeFill[]): ClosedTripFills | null {
  const trips = rawTrips(fills);
  const closed = trips.filter((t) => t.closed);
  if (closed.length !== 1) return null;
  const raw = closed[0]!;
  const inTrip = new Set(raw.parts.map((p) => p.fill.tid));
  const others = trips.filter((t) => t !== raw);
  if (others.some((t) => !t.flipped || t.parts.some((p) => !inTrip.has(p.fill.tid)))) {
    return null;
  }
  const asFill = (p: Part): ExchangeFill => ({
    ...p.fill,
    sz: p.sz,
    fee: p.fill.sz > 0 ? (p.fill.fee * p.sz) / p.fill.sz : 0,
  });
  const trip = tripOf(raw);
  return {
    trip: trip as ClosedTripFills['trip'],
    entries: raw.parts.filter((p) => p.opens).map(asFill),
    exits: raw.parts.filter((p) => !p.opens).map(asFill),
  };
}

/** Volume-weighted price of parts; null without size. */
function vwap(parts: readonly Part[], px: (p: Part) => number = (p) => p.fill.px) {
  const size = parts.reduce((s, p) => s + p.sz, 0);
  if (!(size > 0)) return null;
  return { price: parts.reduce((s, p) => s + px(p) * p.sz, 0) / size, size };
}

function tripOf({ coin, isLong, parts, closed, flipped }: RawTrip): UnjournaledTrip {
  const first = parts[0]!;
  const last = parts.at(-1)!;
  const entries = parts.filter((p) => p.opens);
  const exits = parts.filter((p) => !p.opens);
  // closedPnl = (px − entry) × sz for a long's exit, (entry − px) × sz for a short's.
  const entryFromPnl = (p: Part) => p.fill.px - (isLong ? 1 : -1) * (p.fill.closedPnl / p.fill.sz);
  const entry = vwap(entries) ?? vwap(exits, entryFromPnl);
  const exit = vwap(exits);
  // The part of a fill's fee and realised P/L each trip carries.
  const share = (p: Part) => (p.fill.sz > 0 ? p.sz / p.fill.sz : 0);
  const fees = parts.reduce((s, p) => s + p.fill.fee * share(p), 0);
  const realised = exits.reduce((s, p) => s + p.fill.closedPnl, 0);
  const tids = [...new Set(parts.map((p) => p.fill.tid))];
  return {
    id: flipped ? `${first.fill.tid}:flip` : String(first.fill.tid),
    pair: journalPairOfCoin(coin),
    coin,
    isLong,
    entryPrice: entry?.price ?? first.fill.px,
    exitPrice: closed && exit ? exit.price : null,
    size: roundTo(entries.length > 0 ? entry!.size : (exit?.size ?? 0), 8),
    feesUsd: roundTo(fees, 6),
    pnlUsd: closed ? roundTo(realised - fees, 6) : null,
    openedAt: first.fill.time,
    closedAt: closed ? last.fill.time : null,
    tids,
  };
}
