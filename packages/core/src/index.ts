export * from './validation/messages.js';
export * from './validation/common-passwords.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
export * from './schemas/user-settings.js';
export * from './schemas/errors.js';
export * from './result.js';

export * from './schemas/common.js';
export * from './schemas/text.js';
export * from './schemas/widgets.js';
export * from './schemas/bingo.js';
export * from './schemas/subscription.js';
export * from './schemas/payments.js';
export * from './schemas/api-keys.js';
export * from './schemas/trades.js';
export * from './schemas/risk.js';
export * from './schemas/leaderboard.js';
export * from './schemas/analytics.js';
export * from './schemas/audit.js';
export * from './schemas/exchange-requests.js';
export * from './schemas/exchange-responses.js';
export * from './schemas/signals.js';
export * from './schemas/live.js';
export * from './schemas/contact.js';
export * from './schemas/script-cells.js';

export * from './format/round.js';
export * from './format/number.js';
export * from './format/price.js';
export * from './format/money.js';
export * from './format/r-multiple.js';
export * from './format/date-time.js';
export * from './format/relative-time.js';

export * from './units/units.js';

export * from './risk/tiers.js';
export * from './risk/trading-day.js';
export * from './risk/risk-state.js';
export * from './risk/apply-outcome.js';

export * from './trade/messages.js';
export * from './trade/levels.js';
export * from './trade/target.js';
export * from './trade/pnl.js';
export * from './trade/status.js';
export * from './trade/open-trade.js';
export * from './trade/close-trade.js';
export * from './trade/exits.js';
export * from './trade/undo-exit.js';
export * from './trade/import-trade.js';
export * from './trade/close-from-fills.js';
export * from './trade/move-stop.js';
export * from './trade/csv.js';
export * from './trade/excursions.js';

export * from './streak/streak.js';
export * from './streak/sizing.js';
export * from './stoploss/stoploss.js';
export * from './session/session-lock.js';
export * from './session/reopens-text.js';

export * from './bingo/limits.js';
export * from './bingo/board.js';
export * from './bingo/cells.js';
export * from './bingo/navigation.js';
export * from './bingo/saving.js';
export * from './bingo/starter-board.js';

export * from './plans/catalogue.js';
export * from './plans/features.js';
export * from './plans/subscription.js';
export * from './plans/premium-lock.js';
export * from './plans/messages.js';
export * from './plans/shop-boards.js';

export * from './leaderboard/leaderboard.js';
export * from './analytics/trades.js';
export * from './analytics/stats.js';
export * from './analytics/curve.js';
export * from './analytics/summary.js';
export * from './analytics/groups.js';
export * from './analytics/cells.js';
export * from './analytics/discipline.js';
export * from './analytics/local-time.js';
export * from './analytics/report.js';
export * from './analytics/excursions.js';
export * from './analytics/options.js';
export * from './analytics/script-winrates.js';

export * from './signals/throttle.js';
export * from './signals/webhook.js';

export * from './exchange/messages.js';
export * from './exchange/symbols.js';
export * from './exchange/orders.js';
export * from './exchange/credentials.js';
export * from './exchange/masks.js';
export * from './exchange/order-status.js';
export * from './exchange/fills.js';
export * from './exchange/funding.js';
export * from './exchange/fees.js';
export * from './exchange/round-trips.js';

export * from './widgets/catalogue.js';
export * from './widgets/layout.js';

export * from './constants/timers.js';
export * from './constants/confirmations.js';
export * from './script-cells/index.js';
export * from './schemas/strategies.js';
export * from './schemas/chat.js';
