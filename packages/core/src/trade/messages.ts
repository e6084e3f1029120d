/** Why a trade's prices cannot be saved; shown under the trade form and in 400 answers. */
export const tradeMessages = {
  levelsRequired: 'Stoploss, entry and target are required',
  levelsNotNumbers: 'Stoploss, entry and target must be numbers of 0 or more',
  longEntryAboveStop: 'For a long trade the entry must be above the stoploss',
  longTargetAboveEntry: 'For a long trade the target must be above the entry',
  shortEntryBelowStop: 'For a short trade the entry must be below the stoploss',
  shortTargetBelowEntry: 'For a short trade the target must be below the entry',
  tradeClosed: 'This trade is closed and can no longer be changed',
  exitPriceInvalid: 'Exit price must be a number greater than 0',
  exitSizeInvalid: 'Exit size must be a number greater than 0',
  exitSizeTooLarge: (open: number) =>
    `Exit size is more than is open: ${Number(open.toPrecision(6))} left`,
} as const;
