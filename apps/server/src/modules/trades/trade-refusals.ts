import { tradeMessages } from '@tb/core';
import { AppError, notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';

/** The journal's refusals (trades.service.ts): each a status, a code and a sentence. */
export const tradeNotFound = () => notFound('Trade not found');
export const checkId = (id: string) => {
  if (!isUuid(id)) throw tradeNotFound();
};
export const closedTrade = () => new AppError(409, 'CONFLICT', tradeMessages.tradeClosed, 'status');
/** A placed trade's levels are its orders on the exchange: an edit may not move them. */
export const liveLevels = () =>
  new AppError(
    409,
    'CONFLICT',
    "This trade is live on Hyperliquid: its levels are the exchange's orders. Move the stop from its card, or close it.",
  );
/** Deleting a working bracket's trade would leave its orders on the exchange untracked. */
export const liveDelete = () =>
  new AppError(
    409,
    'CONFLICT',
    'This trade is live on Hyperliquid: cancel its entry or close it at market first.',
  );
/** A trade closed by the exchange's fills is history (DESIGN.md section 11). */
export const verifiedTrade = (what: 'deleted' | 'changed') =>
  new AppError(
    409,
    'VERIFIED_TRADE',
    `This trade was closed by the exchange's own fills: it is part of your verified record and cannot be ${what}. Hide it to take it off your list; your statistics keep it.`,
  );
/** Only a closed trade can be hidden: an open one is risk the trader must see. */
export const hideOpen = () =>
  new AppError(
    409,
    'CONFLICT',
    'Close this trade before hiding it: an open trade stays on your list.',
  );
