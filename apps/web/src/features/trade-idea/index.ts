export { TradeIdeaWidget, type TradeIdeaWidgetProps } from './components/trade-idea-widget';
export { useLastSymbol, writeLastSymbol } from './lib/last-symbol-store';
export { readLastSymbol, readTradeIdea, TRADE_IDEA_KEYS } from './lib/trade-idea-storage';
export { useTradingPair, type TradingPair } from './hooks/use-trading-pair';
