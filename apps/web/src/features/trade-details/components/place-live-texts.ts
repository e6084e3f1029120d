/** The visible words of placing a trade on the exchange (kept apart from the lazy dialog). */
export const placeTexts = {
  title: 'Place on Hyperliquid',
  orderType: 'Order type',
  limit: 'Limit at entry',
  market: 'Market',
  leverage: (max: number) => `Leverage (1–${max}x)`,
  size: 'Size',
  margin: 'Margin',
  liquidation: 'Liquidation (estimated)',
  liquidationNote:
    'An isolated-margin estimate; the exchange’s own price also depends on fees and funding.',
  liquidationBeforeStop:
    'The estimated liquidation comes before your stop: lower the leverage so the stop can work.',
  submit: 'Place order',
  placing: 'Placing...',
  cancel: 'Cancel',
} as const;
