/**
 * Reads a connection's new fills now and applies them (the reconciler's `syncConnection`):
 * entry fills open the trade, exits close it verified. Injected by app.ts.
 */
export type SyncConnection = (
  userId: string,
  connectionId: string,
  opts?: { since?: number },
) => Promise<unknown>;

/** Refusals of the actions, in words a trader reads. */
export const tradeActionMessages = {
  notPlaced:
    'This trade was not placed on the exchange: it has no orders to cancel or change. Close it with Target Hit or Stoploss Hit.',
  entryFilled: 'The entry has already filled: close the position at market instead.',
  entryNotFilled:
    'The entry has not filled yet, so there is no position to change: cancel the entry instead.',
  syncBusy:
    "The entry was cancelled, but the exchange's fills could not be read just now to check it had not filled: please try again.",
  alreadyClosed:
    'This trade has already closed on the exchange (its take profit or stop filled first): it now shows the real close.',
  stopNotConfirmed: 'The exchange did not confirm the new stop.',
  closeNotConfirmed: 'The exchange did not confirm the close.',
  noPosition: (pair: string) =>
    `There is no open ${pair} position on the exchange for this trade: it may have just closed. Refresh to see its result.`,
} as const;
