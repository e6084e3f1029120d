export { TradeIdeaWidget, type TradeIdeaWidgetProps } from './components/trade-idea-widget';
export { readLastSymbol, TRADE_IDEA_KEYS } from './lib/trade-idea-storage';
