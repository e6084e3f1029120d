import type { UserFillsResponse, UserFundingResponse } from '@nktkas/hyperliquid/api/info';
import type { ExchangeFill, FundingPayment } from '@tb/core';
import { decimal, list, record, sideOf } from './parse.js';

/**
 * The user's fills (`userFills` / `userFillsByTime`) as the live loop reads them, oldest
 * first (by time, then tid): numbers parsed, `oid` as a decimal string, `cloid` null when the
 * order had none.
 */
export function toExchangeFills(fills: UserFillsResponse): ExchangeFill[] {
  return list<UserFillsResponse[number]>(fills)
    .map((raw) => {
      const f = record(raw);
      const cloid: string | null =
        typeof f.cloid === 'string' && f.cloid.length > 0 ? f.cloid : null;
      return {
        tid: decimal(f.tid),
        oid: String(decimal(f.oid)),
        cloid,
        coin: String(f.coin),
        side: sideOf(f.side) === 'buy' ? ('B' as const) : ('A' as const),
        px: decimal(f.px),
        sz: decimal(f.sz),
        fee: decimal(f.fee),
        closedPnl: decimal(f.closedPnl),
        dir: String(f.dir),
        startPosition: decimal(f.startPosition),
        time: decimal(f.time),
      };
    })
    .sort((a, b) => a.time - b.time || a.tid - b.tid);
}

/**
 * The user's funding payments (`userFunding`), oldest first: `usdc` received (negative:
 * paid) on the signed size `szi`. Other ledger entries are skipped.
 */
export function toFundingPayments(updates: UserFundingResponse): FundingPayment[] {
  return list<UserFundingResponse[number]>(updates)
    .flatMap((raw) => {
      const update = record(raw);
      const delta = record(update.delta);
      if (delta.type !== 'funding') return [];
      return [
        {
          coin: String(delta.coin),
          time: decimal(update.time),
          usdc: decimal(delta.usdc),
          szi: decimal(delta.szi),
          fundingRate: decimal(delta.fundingRate),
        },
      ];
    })
    .sort((a, b) => a.time - b.time || a.coin.localeCompare(b.coin));
}
