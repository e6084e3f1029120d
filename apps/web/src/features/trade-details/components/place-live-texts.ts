/** The visible words of placing a trade on the exchange (kept apart from the lazy dialog). */
export const placeTexts = {
  title: 'Place on Hyperliquid',
  orderType: 'Order type',
  limit: 'Limit at entry',
  market: 'Market',
  leverage: (max: number) => `Leverage (1–${max}x)`,
  size: 'Size',
  quantity: 'Quantity',
  riskAtStop: 'Risk at the stop',
  riskAtStopNote: (feesUsd: string, slippageUsd: string) =>
    `The move to the stop, ${feesUsd} in fees and ${slippageUsd} for the stop filling 0.1 % past its level.`,
  fees: 'Fees',
  feesDetail: (entry: string, stop: string, maker: boolean) =>
    `${entry} entry (${maker ? 'maker 0.015 %' : 'taker 0.045 %'}) + ${stop} at the stop (taker 0.045 %)`,
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
