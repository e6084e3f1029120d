export { RiskSidebar, type RiskSidebarProps } from './components/risk-sidebar';
export { useTradeSizing, type TradeSizingView } from './hooks/use-trade-sizing';
