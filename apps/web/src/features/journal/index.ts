export {
  bingoQueryOptions,
  journalKeys,
  journalMessages,
  LIVE_REFRESH_MS,
  riskQueryOptions,
  tradesQueryOptions,
} from './api';
export { LocalUploadPrompt } from './components/local-upload-prompt';
export {
  bingoNotices,
  useBingoActions,
  useBingoScore,
  useBingoState,
  type BingoActions,
} from './hooks/use-bingo';
export { useJournalEvents } from './hooks/use-journal-events';
export { useJournalMode, type JournalMode } from './hooks/use-journal-mode';
export { clearExitUndo, exitNotice, offerExitUndo, useExitUndo } from './exit-undo';
export {
  liveTradeMessages,
  useLiveTradeActions,
  usePlaceTrade,
  type LiveAction,
  type LiveTradeActions,
  type PlaceTradeView,
} from './hooks/use-live-trades';
export { useRisk, type RiskView } from './hooks/use-risk';
export { useTradeExport } from './hooks/use-trade-export';
export {
  tradeSavedMessage,
  useOpenTradeCount,
  useTradeActions,
  useTradeList,
  type TradeActions,
} from './hooks/use-trades';
export { useDateTimeFormat, type DateTimeFormat } from './hooks/use-date-time-format';
export { useTradingTimeZone } from './hooks/use-trading-time-zone';
export type { NewTrade, TradeEdit } from './local-trades';
export { resetLocalJournal } from './local-store';
export {
  closePremiumLock,
  openPremiumLock,
  usePremiumLockRequest,
  type PremiumLockRequest,
} from './premium-lock-store';
export { journalStorageKeys } from './storage';
